/** The blue check next to a verified influencer's name; `label` shows the word too. */
export function VerifiedBadge({ label = false, className = '' }: { label?: boolean; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 text-sky-700 ${className}`} title="Verified">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0">
        <path
          fillRule="evenodd"
          d="M16.403 12.652a3 3 0 0 0 0-5.304 3 3 0 0 0-3.75-3.751 3 3 0 0 0-5.305 0 3 3 0 0 0-3.751 3.75 3 3 0 0 0 0 5.305 3 3 0 0 0 3.75 3.751 3 3 0 0 0 5.305 0 3 3 0 0 0 3.751-3.75Zm-2.546-4.46a.75.75 0 0 0-1.214-.883l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
          clipRule="evenodd"
        />
      </svg>
      {label ? <span className="text-xs font-semibold">Verified</span> : <span className="sr-only">Verified</span>}
    </span>
  )
}
