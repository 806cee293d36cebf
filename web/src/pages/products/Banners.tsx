import { Link } from 'react-router'
import { ButtonLink } from '../../components/Button'
import type { Viewer } from '../../components/ProductCard'
import { Card } from '../../components/Card'

const Tick = () => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0 text-amber-300">
    <path
      fillRule="evenodd"
      d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
      clipRule="evenodd"
    />
  </svg>
)

function Promo({ tag, title, text, points }: { tag?: string; title: string; text: string; points: string[] }) {
  return (
    <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-600 to-brand-800 p-6 text-white shadow-lg sm:p-8">
      <div aria-hidden="true" className="absolute -right-16 -top-16 size-56 rounded-full bg-white/10" />
      <div aria-hidden="true" className="absolute -bottom-20 right-24 size-40 rounded-full bg-amber-400/20" />
      <div className="relative">
        {tag && <span className="inline-block rounded-full bg-amber-400 px-3 py-1 text-xs font-bold uppercase tracking-wide text-slate-900">{tag}</span>}
        <h2 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h2>
        <p className="mt-2 max-w-2xl text-brand-100">{text}</p>
        <ul className="mt-4 flex flex-col gap-2 sm:flex-row sm:gap-6">
          {points.map((p) => (
            <li key={p} className="flex items-center gap-2 font-medium">
              <Tick />
              {p}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function JoinCard({ title, text, to, cta }: { title: string; text: string; to: string; cta: string }) {
  return (
    <Card padding="none" className="flex flex-col p-5">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <p className="mt-1 flex-1 text-sm text-slate-600">{text}</p>
      <ButtonLink to={to} className="mt-4 self-start">
        {cta}
      </ButtonLink>
    </Card>
  )
}

/** The promotional banner of spec 000 section 2, by who is looking. */
export function ProductsBanner({ viewer }: { viewer: Viewer }) {
  if (viewer === 'marketer') {
    return (
      <Promo
        tag="New Feature"
        title="Boost Your Income!"
        text="Copy your personal link for any product below and share it with your audience. Every lead it brings is tracked to you."
        points={['Real-time Analytics', 'Higher Commission Rates']}
      />
    )
  }
  if (viewer === 'vendor') {
    return (
      <Promo
        title="Maximize Your Product's Potential"
        text="Products with clear photos and honest descriptions get shared more by creators and convert better."
        points={['High-Quality Images', 'Detailed Descriptions']}
      />
    )
  }
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <JoinCard
        title="Join as a Vendor"
        text="List your products with a commission and let creators across India bring you buyers."
        to="/signup/vender"
        cta="Join as a Vendor"
      />
      <JoinCard
        title="Join as a Influencer"
        text="Pick products you love, share your affiliate link and earn on every converted lead."
        to="/signup/influencer"
        cta="Join as a Influencer"
      />
    </div>
  )
}

/** The vendor management block: shown to vendors only. */
/** `count` is null while the vendor's products are not known (loading, or the load failed). */
export function VendorBlock({ count }: { count: number | null }) {
  return (
    <Card as="section" aria-labelledby="vendor-block" padding="none" className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between p-5">
      <div>
        <h2 id="vendor-block" className="text-lg font-bold text-slate-900">
          Manage your catalogue
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {count !== null && `You have ${count} ${count === 1 ? 'product' : 'products'} listed. `}Add products, update photos and prices, and work your leads
          from the{' '}
          <Link to="/vendor" className="font-medium text-brand-700 underline underline-offset-2">
            vendor dashboard
          </Link>
          .
        </p>
      </div>
      <ButtonLink to="/vendor" variant="secondary" className="shrink-0">
        Go to Dashboard
      </ButtonLink>
    </Card>
  )
}
