import { useSyncExternalStore } from 'react'
import { requestsInFlight, subscribeInFlight } from '../api/client'

/** A thin bar along the top edge while any API call is in flight. */
export function ProgressBar() {
  const busy = useSyncExternalStore(subscribeInFlight, requestsInFlight, requestsInFlight) > 0
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!busy}
      data-busy={busy}
      className={`pointer-events-none fixed inset-x-0 top-0 z-[110] h-0.5 overflow-hidden transition-opacity duration-200 ${busy ? 'opacity-100' : 'opacity-0'}`}
    >
      <div className="h-full w-2/5 animate-progress rounded-full bg-gradient-to-r from-brand-500 via-amber-400 to-brand-500" />
    </div>
  )
}
