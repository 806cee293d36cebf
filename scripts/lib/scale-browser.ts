// The second stage of `npm run bench:scale`: the pages in Chromium (issue 11's browser targets:
// time to first results, the longest main-thread task, and the time a filter keystroke takes on
// /products, /influencer and the dashboards' leads tabs for the big vendor and the big influencer).
//
// NOT BUILT YET. The web pages are being rebuilt on the paged API; whoever builds this stage sets
// `browserStage` to a function that drives Chromium (playwright-core, /usr/bin/chromium) against
// `context.baseUrl` and answers one figure per page. The API stage has already filled the server
// with the data set and keeps it running until this stage returns.

import type { ScaleIds } from './scale-data.ts'

export type ScaleContext = {
  /** The running app (wrangler dev on a free port, the generated data set). */
  baseUrl: string
  ids: ScaleIds
  /** Tokens the pages' session storage can take (24 hours), for the big vendor and the big influencer. */
  tokens: { bigVendor: string; bigMarketer: string }
}

export type BrowserFigure = {
  page: string
  firstResultsMs: number
  longestTaskMs: number
  keystrokeMs: number | null
}

export const BROWSER_TARGETS = { firstResultsMs: 1000, longestTaskMs: 200, keystrokeMs: 100 } as const

/** Set this to run the browser stage after the API stage; null skips it. */
export const browserStage: ((context: ScaleContext) => Promise<BrowserFigure[]>) | null = null
