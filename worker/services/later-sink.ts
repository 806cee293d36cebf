// Where a use case leaves the work that follows its answer: a mail to send (a verification link, a
// reset link, the operators' notice of a data request). Like the event sink (event-sink.ts,
// decision 276) the service registers it itself, right after the write it follows, so no caller can
// forget it and no route schedules mail. In the Worker the define layer (routes/define.ts) starts
// what was registered once the handler has answered, through waitUntil: a request that fails
// starts none of it. Decision 284.

import type { Bindings } from '../env'

/** Work to run after the answer; it gets the Worker's bindings (the mail queue, PUBLIC_ORIGIN). */
export type AfterWork = (env: Bindings) => Promise<void>

export type Later = { run: (work: AfterWork) => void }
