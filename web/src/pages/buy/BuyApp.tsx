import type { BuyPageData } from '@contract/buy-page'
import { BuyPage } from './BuyPage'
import { InvalidLink } from './InvalidLink'
import { BUY_ISLANDS } from './islands'

/**
 * The contents of the buy page's <main>, rendered by the Worker only (render.ts). The parts that
 * live in the browser are islands (islands.tsx): their elements are placed here empty and the
 * Worker fills them with each island's own render; the browser hydrates those alone (main.tsx), so
 * this file and what only it imports stay off the wire.
 */
export function BuyApp({ data }: { data: BuyPageData }) {
  const { link } = data
  if (link.valid) return <BuyPage product={link.product} marketerId={link.marketerId} sub={data.ids.sub} />
  return (
    <>
      <InvalidLink product={link.product} />
      {/* No form: the toasts and the visit's report only. */}
      <div id={BUY_ISLANDS.live.id} />
    </>
  )
}
