export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight text-slate-900 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path d="M21.5 11.2a7 7 0 1 0 0 9.6" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
        <circle cx="22.5" cy="16" r="2.2" className="fill-amber-400" />
      </svg>
      <span className="text-lg">
        Collab<span className="text-brand-700">kart</span>
      </span>
    </span>
  )
}
