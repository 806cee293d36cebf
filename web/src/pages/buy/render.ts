import type { RenderBuyPage } from '@contract/buy-page'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { BuyApp } from './BuyApp'
import { BuyFooter, BuyHeader } from './BuyShell'
import { BUY_ISLANDS } from './islands'

// The buy page's server entry: the Worker imports it (as '@web/buy-render', see wrangler.toml) and
// writes the parts into web/affiliate/track.html. Each island is a root of its own, rendered on its
// own here as the browser hydrates it (main.tsx), so its HTML and ids match what React expects
// there; the rest of #root is HTML only (decision 272).
// Plain createElement: wrangler's alias loads this one file outside the JSX settings of tsconfig.json.
export const renderBuyPage: RenderBuyPage = (data) => ({
  header: renderToString(createElement(BuyHeader)),
  root: renderToString(createElement(BuyApp, { data })),
  islands: Object.values(BUY_ISLANDS).flatMap((island) => {
    const tree = island.render(data)
    return tree ? [{ id: island.id, html: renderToString(tree) }] : []
  }),
  footer: renderToString(createElement(BuyFooter)),
})
