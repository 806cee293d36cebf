import type { RenderBuyPage } from '@contract/buy-page'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { BuyApp } from './BuyApp'
import { BuyFooter, BuyHeader } from './BuyShell'

// The buy page's server entry: the Worker imports it (as '@web/buy-render', see wrangler.toml) and
// writes the three parts into web/affiliate/track.html. Only `root` is hydrated (main.tsx).
// Plain createElement: wrangler's alias loads this one file outside the JSX settings of tsconfig.json.
export const renderBuyPage: RenderBuyPage = (data) => ({
  header: renderToString(createElement(BuyHeader)),
  root: renderToString(createElement(BuyApp, { data })),
  footer: renderToString(createElement(BuyFooter)),
})
