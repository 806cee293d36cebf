// The buy page's document: web/affiliate/track.html (its own small entry) with the page rendered
// into it by React on the server, the data the browser hydrates from, and the head for the link.

import { renderBuyPage } from '@web/buy-render'
import { BUY_DATA_ELEMENT_ID, type BuyPageData } from '../contract/buy-page'
import type { Bindings } from '../env'
import { BUY_SHELL, htmlResponse, loadTemplate } from './document'
import { type PageHead, writeHead } from './head'

/** JSON inside <script>: `<` escaped, so no value can close the element or open a comment. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

export async function buyPageResponse(env: Pick<Bindings, 'ASSETS'>, requestUrl: string, data: BuyPageData, head: PageHead, status: number): Promise<Response> {
  const template = await loadTemplate(env, requestUrl, BUY_SHELL)
  const parts = renderBuyPage(data)
  const filled = new HTMLRewriter()
    .onDocument({ comments: (comment) => void comment.remove() })
    .on('#buy-header', { element: (el) => void el.replace(parts.header, { html: true }) })
    .on('#root', { element: (el) => void el.setInnerContent(parts.root, { html: true }) })
    .on('#buy-footer', { element: (el) => void el.replace(parts.footer, { html: true }) })
    .on('body', {
      element: (el) => void el.append(`<script type="application/json" id="${BUY_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`, { html: true }),
    })
    .transform(template)
  // React adds its own preload of the first image at the top of what it renders; the head has one
  // already. Content written above is not parsed again by the same pass, hence a second one.
  const tidy = new HTMLRewriter().on('#root > link[rel="preload"]', { element: (el) => void el.remove() }).transform(filled)
  return htmlResponse(writeHead(tidy, head), status)
}
