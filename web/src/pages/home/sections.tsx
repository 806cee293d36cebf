import type { ReactNode } from 'react'
import { ButtonLink } from '../../components/Button'
import { Reveal } from './Reveal'
import { Card } from '../../components/Card'

// The static marketing blocks of the home page (spec 000 section 1): every figure is marketing text.

export function SectionTitle({ eyebrow, title, text }: { eyebrow?: string; title: string; text?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{eyebrow}</p>}
      <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h2>
      {text && <p className="mt-3 text-lg text-slate-600">{text}</p>}
    </div>
  )
}

const Icon = ({ d }: { d: string }) => (
  <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" className="size-6">
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  </span>
)

const PATHS = {
  users:
    'M15 19.128a9.38 9.38 0 0 0 2.625.372 9.337 9.337 0 0 0 4.121-.952 4.125 4.125 0 0 0-7.533-2.493M15 19.128v-.003c0-1.113-.285-2.16-.786-3.07M15 19.128v.106A12.318 12.318 0 0 1 8.624 21c-2.331 0-4.512-.645-6.374-1.766l-.001-.109a6.375 6.375 0 0 1 11.964-3.07M12 6.375a3.375 3.375 0 1 1-6.75 0 3.375 3.375 0 0 1 6.75 0Zm8.25 2.25a2.625 2.625 0 1 1-5.25 0 2.625 2.625 0 0 1 5.25 0Z',
  chart:
    'M3 13.125C3 12.504 3.504 12 4.125 12h2.25c.621 0 1.125.504 1.125 1.125v6.75C7.5 20.496 6.996 21 6.375 21h-2.25A1.125 1.125 0 0 1 3 19.875v-6.75ZM9.75 8.625c0-.621.504-1.125 1.125-1.125h2.25c.621 0 1.125.504 1.125 1.125v11.25c0 .621-.504 1.125-1.125 1.125h-2.25a1.125 1.125 0 0 1-1.125-1.125V8.625ZM16.5 4.125c0-.621.504-1.125 1.125-1.125h2.25C20.496 3 21 3.504 21 4.125v15.75c0 .621-.504 1.125-1.125 1.125h-2.25a1.125 1.125 0 0 1-1.125-1.125V4.125Z',
  bolt: 'm3.75 13.5 10.5-11.25L12 10.5h8.25L9.75 21.75 12 13.5H3.75Z',
  star: 'M11.48 3.499a.562.562 0 0 1 1.04 0l2.125 5.111a.563.563 0 0 0 .475.345l5.518.442c.499.04.701.663.321.988l-4.204 3.602a.563.563 0 0 0-.182.557l1.285 5.385a.562.562 0 0 1-.84.61l-4.725-2.885a.562.562 0 0 0-.586 0L6.982 20.54a.562.562 0 0 1-.84-.61l1.285-5.386a.562.562 0 0 0-.182-.557l-4.204-3.602a.562.562 0 0 1 .321-.988l5.518-.442a.563.563 0 0 0 .475-.345L11.48 3.5Z',
  rupee: 'M15 8.25H9m6 3H9m3 6-3-3h1.5a3 3 0 1 0 0-6M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  clock: 'M12 6v6h4.5m4.5 0a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  shield:
    'M9 12.75 11.25 15 15 9.75m-3-7.036A11.959 11.959 0 0 1 3.598 6 11.99 11.99 0 0 0 3 9.749c0 5.592 3.824 10.29 9 11.623 5.176-1.332 9-6.03 9-11.622 0-1.31-.21-2.571-.598-3.751h-.152c-3.196 0-6.1-1.248-8.25-3.285Z',
  sparkles:
    'M9.813 15.904 9 18.75l-.813-2.846a4.5 4.5 0 0 0-3.09-3.09L2.25 12l2.846-.813a4.5 4.5 0 0 0 3.09-3.09L9 5.25l.813 2.846a4.5 4.5 0 0 0 3.09 3.09L15.75 12l-2.846.813a4.5 4.5 0 0 0-3.09 3.09ZM18.259 8.715 18 9.75l-.259-1.035a3.375 3.375 0 0 0-2.455-2.456L14.25 6l1.036-.259a3.375 3.375 0 0 0 2.455-2.456L18 2.25l.259 1.035a3.375 3.375 0 0 0 2.456 2.456L21.75 6l-1.035.259a3.375 3.375 0 0 0-2.456 2.456Z',
}

const PATH_CARDS = [
  {
    title: 'Empower Your Partners',
    text: 'List products with a fixed or percentage commission, let creators share them, and work every lead from one dashboard.',
    cta: 'Join As a Vendor',
    to: '/signup/vender',
    tag: 'For brands',
  },
  {
    title: 'Earn More with B2B Brands',
    text: 'Pick products from Indian brands, copy your personal link and earn commission on every lead that converts.',
    cta: 'Join As an Influencer',
    to: '/signup/influencer',
    tag: 'For creators',
  },
]

/** 'Choose Your Path': a wide two-card layout, and a compact variant for phones. */
export function ChooseYourPath() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24">
      <Reveal>
        <SectionTitle eyebrow="Get started" title="Choose Your Path" text="Two sides, one marketplace. Start where you fit." />
      </Reveal>
      <div className="mt-12 hidden gap-8 md:grid md:grid-cols-2">
        {PATH_CARDS.map((card, i) => (
          <Reveal key={card.title}>
            <div
              className={`flex h-full flex-col rounded-3xl p-8 shadow-sm ring-1 ${i === 0 ? 'bg-white ring-slate-200' : 'bg-brand-700 text-white ring-brand-700'}`}
            >
              <span className={`self-start rounded-full px-3 py-1 text-xs font-semibold ${i === 0 ? 'bg-brand-50 text-brand-700' : 'bg-white/15 text-white'}`}>
                {card.tag}
              </span>
              <h3 className="mt-4 text-2xl font-bold">{card.title}</h3>
              <p className={`mt-3 flex-1 ${i === 0 ? 'text-slate-600' : 'text-brand-100'}`}>{card.text}</p>
              <ButtonLink to={card.to} variant={i === 0 ? 'primary' : 'accent'} size="lg" className="mt-8 self-start">
                {card.cta}
              </ButtonLink>
            </div>
          </Reveal>
        ))}
      </div>
      <div className="mt-8 space-y-4 md:hidden" data-testid="path-mobile">
        {PATH_CARDS.map((card) => (
          <Reveal key={card.title}>
            <Card padding="none" className="p-5">
              <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">{card.tag}</p>
              <h3 className="mt-1 text-xl font-bold text-slate-900">{card.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{card.text}</p>
              <ButtonLink to={card.to} className="mt-4 w-full">
                {card.cta}
              </ButtonLink>
            </Card>
          </Reveal>
        ))}
      </div>
    </section>
  )
}

const FEATURES = [
  { title: 'Partner management tools', text: 'See every creator promoting your products and the leads they bring.', icon: PATHS.users },
  { title: 'Advanced analytics', text: 'Impressions, leads and conversions per product, counted at the edge.', icon: PATHS.chart },
  { title: 'Automated workflows', text: 'Links, tracking and lead capture work without spreadsheets.', icon: PATHS.bolt },
  { title: 'Premium brand access', text: 'Promote products from Indian brands across 30 categories.', icon: PATHS.star },
  { title: 'High commission rates', text: 'Fixed or percentage commissions, shown upfront on every product.', icon: PATHS.rupee },
  { title: 'Real-time payments', text: 'Track commission as leads convert; payouts by UPI or bank transfer.', icon: PATHS.clock },
]

export function Features() {
  return (
    <section className="bg-white py-16 md:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <Reveal>
          <SectionTitle eyebrow="Features" title="Everything a campaign needs" />
        </Reveal>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.title}>
              <Reveal className="flex h-full gap-4 rounded-2xl border border-slate-100 bg-slate-50/60 p-5">
                <Icon d={f.icon} />
                <div>
                  <h3 className="font-semibold text-slate-900">{f.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{f.text}</p>
                </div>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

// Claims here must be true of the product: accounts go live at sign-up, only the Verified badge
// says the back office checked someone.
const WHY = [
  { title: 'Higher earnings', text: 'Commissions are set by brands upfront, so creators know what a lead is worth.', icon: PATHS.rupee },
  { title: 'Verified partners', text: 'The Verified badge marks creators our team has checked. Look for it before you partner.', icon: PATHS.shield },
  { title: 'AI-powered quick matching', text: 'Find creators by niche, reach and engagement in seconds.', icon: PATHS.sparkles },
  { title: 'Real analytics', text: 'Every impression and lead is recorded, not estimated.', icon: PATHS.chart },
]

export function WhyChooseUs() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24">
      <Reveal>
        <SectionTitle eyebrow="Why choose us" title="Built for trust on both sides" />
      </Reveal>
      <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {WHY.map((w) => (
          <Card as={Reveal} key={w.title} padding="none" className="p-6">
            <Icon d={w.icon} />
            <h3 className="mt-4 font-semibold text-slate-900">{w.title}</h3>
            <p className="mt-1 text-sm text-slate-600">{w.text}</p>
          </Card>
        ))}
      </div>
    </section>
  )
}

function AudienceBlock({
  eyebrow,
  title,
  points,
  cta,
  to,
  tone,
}: {
  eyebrow: string
  title: string
  points: string[]
  cta: string
  to: string
  tone: 'light' | 'dark'
}) {
  const dark = tone === 'dark'
  return (
    <Reveal className={`flex h-full flex-col rounded-3xl p-8 ${dark ? 'bg-slate-900 text-white' : 'bg-brand-50 text-slate-900'}`}>
      <p className={`text-sm font-semibold uppercase tracking-wider ${dark ? 'text-amber-400' : 'text-brand-600'}`}>{eyebrow}</p>
      <h3 className="mt-2 text-2xl font-bold">{title}</h3>
      <ul className="mt-5 flex-1 space-y-3">
        {points.map((p) => (
          <li key={p} className="flex gap-2">
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={`mt-0.5 size-5 shrink-0 ${dark ? 'text-amber-400' : 'text-brand-600'}`}>
              <path
                fillRule="evenodd"
                d="M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z"
                clipRule="evenodd"
              />
            </svg>
            <span className={dark ? 'text-slate-200' : 'text-slate-700'}>{p}</span>
          </li>
        ))}
      </ul>
      <ButtonLink to={to} variant={dark ? 'accent' : 'primary'} className="mt-8 self-start">
        {cta}
      </ButtonLink>
    </Reveal>
  )
}

export function Audiences() {
  return (
    <section className="mx-auto grid max-w-7xl gap-6 px-4 pb-16 sm:px-6 md:grid-cols-2 md:pb-24">
      <AudienceBlock
        eyebrow="For creators"
        title="Turn your audience into income"
        points={['One link per product, tracked to you', 'See impressions, leads and conversions live', 'Commission paid by UPI or bank transfer']}
        cta="Join as Influencer"
        to="/signup/influencer"
        tone="dark"
      />
      <AudienceBlock
        eyebrow="For brands"
        title="Sell through voices people trust"
        points={['List products with photos and a clear commission', 'Leads land in your dashboard with contact details', 'Pay only for leads that convert']}
        cta="Join as Vendor"
        to="/signup/vender"
        tone="light"
      />
    </section>
  )
}

const STATS = [
  { value: '10K+', label: 'Active influencers' },
  { value: '500+', label: 'Brands' },
  { value: '2M+', label: 'Campaigns launched' },
  { value: '95%', label: 'Success rate' },
]

export function Stats() {
  return (
    <section className="bg-brand-700 py-14 text-white">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 text-center sm:px-6 md:grid-cols-4">
        {STATS.map((s) => (
          <Reveal key={s.label} className="flex flex-col">
            <dt className="order-2 text-sm text-brand-100">{s.label}</dt>
            <dd className="text-4xl font-extrabold tracking-tight">{s.value}</dd>
          </Reveal>
        ))}
      </dl>
    </section>
  )
}

const STORIES = [
  {
    quote:
      'I shared three kurta links in my stories and the brand had forty leads by the weekend. The commission showed up on my dashboard the day they converted.',
    name: 'Ananya Iyer',
    role: 'Fashion creator, Mumbai',
  },
  {
    quote: 'We stopped guessing which creators work for us. Every lead comes with the creator who brought it, so we double down on the right people.',
    name: 'Priya Menon',
    role: 'Founder, Handloom Haus',
  },
]

export function SuccessStories() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24">
      <Reveal>
        <SectionTitle eyebrow="Success stories" title="Creators and brands growing together" />
      </Reveal>
      <div className="mt-12 grid gap-6 md:grid-cols-2">
        {STORIES.map((s) => (
          <Reveal key={s.name}>
            <Card as="figure" padding="none" round="3xl" className="flex h-full flex-col p-8">
              <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className="size-8 text-amber-400">
                <path d="M9.5 6C6.5 6 4 8.6 4 11.7V18h6v-6H7.1c0-1.9 1.1-3.2 2.4-3.2V6Zm10 0c-3 0-5.5 2.6-5.5 5.7V18h6v-6h-2.9c0-1.9 1.1-3.2 2.4-3.2V6Z" />
              </svg>
              <blockquote className="mt-4 flex-1 text-lg text-slate-700">“{s.quote}”</blockquote>
              <figcaption className="mt-6">
                <p className="font-semibold text-slate-900">{s.name}</p>
                <p className="text-sm text-slate-500">{s.role}</p>
              </figcaption>
            </Card>
          </Reveal>
        ))}
      </div>
    </section>
  )
}

export function Section({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <section className={`mx-auto max-w-7xl px-4 sm:px-6 ${className}`}>{children}</section>
}
