// The text input's look, apart from TextField.tsx so the buy page's own field (pages/buy/BuyField.tsx)
// takes only the classes, not the app's field components, into its small first-visit bundle.
export const inputClasses =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-100 disabled:bg-slate-100 sm:text-sm'
