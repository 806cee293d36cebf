import { ButtonLink } from '../../components/Button'

const CLAIMS = [
  { value: '4.9/5', label: 'rating' },
  { value: '25K+', label: 'active users' },
  { value: '$5M+', label: 'paid out' },
]

const BARS = ['h-[38%]', 'h-[52%]', 'h-[45%]', 'h-[63%]', 'h-[58%]', 'h-[74%]', 'h-[69%]', 'h-[88%]']

/** The sample creator dashboard card: static marketing figures (spec 000 section 1). */
function SampleDashboard() {
  return (
    <div aria-label="Sample creator dashboard" role="img" className="relative mx-auto w-full max-w-sm">
      <div aria-hidden="true" className="absolute -inset-4 rounded-[2rem] bg-gradient-to-br from-amber-300/40 to-brand-400/30 blur-2xl" />
      <div className="relative rounded-3xl bg-white p-6 text-slate-900 shadow-2xl">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold text-slate-500">Creator dashboard</p>
          <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700">Live</span>
        </div>
        <p className="mt-4 text-sm text-slate-500">Earnings this month</p>
        <p className="text-3xl font-bold tracking-tight">₹1,24,500</p>
        <p className="mt-1 text-sm font-medium text-emerald-700">+18% vs last month</p>
        <div className="mt-5 flex h-20 items-end gap-1.5">
          {BARS.map((height, i) => (
            <div key={height} className={`flex-1 rounded-t-md ${height} ${i === BARS.length - 1 ? 'bg-brand-600' : 'bg-brand-100'}`} />
          ))}
        </div>
        <div className="mt-5 grid grid-cols-2 gap-3 text-center">
          <div className="rounded-2xl bg-slate-50 p-3">
            <p className="text-xl font-bold">12</p>
            <p className="text-xs text-slate-500">Active campaigns</p>
          </div>
          <div className="rounded-2xl bg-slate-50 p-3">
            <p className="text-xl font-bold">4.2%</p>
            <p className="text-xs text-slate-500">Avg. engagement</p>
          </div>
        </div>
      </div>
    </div>
  )
}

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div aria-hidden="true" className="absolute -left-24 top-10 size-72 rounded-full bg-brand-500/30 blur-3xl" />
      <div aria-hidden="true" className="absolute -right-10 bottom-0 size-72 rounded-full bg-amber-400/20 blur-3xl" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/15">
            <span aria-hidden="true" className="size-2 rounded-full bg-amber-400" />
            Trusted by 25,000+ creators and brands
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            Connect. Earn. <span className="text-amber-400">Grow.</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-brand-100">
            The affiliate marketplace where Indian brands list products with a clear commission, and creators share links and get paid for every lead they
            bring.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/signup/influencer" variant="accent" size="lg">
              Join as Influencer
            </ButtonLink>
            <ButtonLink to="/signup/vender" size="lg" className="bg-white/10 text-white ring-1 ring-white/30 hover:bg-white/20">
              Join as Vendor
            </ButtonLink>
          </div>
          <dl className="mt-10 grid max-w-md grid-cols-3 gap-4">
            {CLAIMS.map((c) => (
              <div key={c.label}>
                <dt className="sr-only">{c.label}</dt>
                <dd>
                  <span className="block text-2xl font-bold">{c.value}</span>
                  <span className="text-sm text-brand-200">{c.label}</span>
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <SampleDashboard />
      </div>
    </section>
  )
}
