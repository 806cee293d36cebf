// The buy page's document: web/affiliate/track.html (its own small entry) with the page rendered
// into it by React on the server, the data the browser hydrates from, and the head for the link.

import { renderBuyPage } from '@web/buy-render'
import { BUY_DATA_ELEMENT_ID, type BuyPageData } from '../contract/buy-page'
import type { Bindings } from '../env'
import { BUY_SHELL, htmlResponse, loadTemplate } from './document'
import { type PageHead, writeHead } from './head'

/** JSON inside <script>: `<` escaped, so no value can close the element or open a comment. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

type BuyShell = { html: string; styleHashes: string[] }

/** The built template's one stylesheet tag and its address; string search, no regex to backtrack. */
function stylesheetTag(html: string): { tag: string; href: string } | null {
  const start = html.indexOf('<link rel="stylesheet"')
  const end = start < 0 ? -1 : html.indexOf('>', start)
  if (end < 0) return null
  const tag = html.slice(start, end + 1)
  const from = tag.indexOf('href="')
  const to = from < 0 ? -1 : tag.indexOf('"', from + 6)
  return to < 0 ? null : { tag, href: tag.slice(from + 6, to) }
}

/**
 * The built template with its stylesheet inlined: the page a shared link opens paints from its first
 * response, with no second round trip (about 6 kB gzip of styles, only the buy page's). The CSP
 * allows exactly that style by its hash.
 */
async function readBuyShell(env: Pick<Bindings, 'ASSETS'>, requestUrl: string): Promise<BuyShell> {
  const html = await (await loadTemplate(env, requestUrl, BUY_SHELL)).text()
  const link = stylesheetTag(html)
  const res = link ? await env.ASSETS.fetch(new Request(new URL(link.href, requestUrl))) : null
  const css = res?.ok ? await res.text() : null
  if (!link || !css || css.includes('</style')) return { html, styleHashes: [] }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(css)))
  const hash = `'sha256-${btoa(String.fromCharCode(...digest))}'`
  return { html: html.replace(link.tag, () => `<style>${css}</style>`), styleHashes: [hash] }
}

// Assets change only with a deployment, which starts new isolates: read once per isolate.
let buyShell: Promise<BuyShell> | null = null
function loadBuyShell(env: Pick<Bindings, 'ASSETS'>, requestUrl: string): Promise<BuyShell> {
  buyShell ??= readBuyShell(env, requestUrl).catch((err: unknown) => {
    buyShell = null
    throw err
  })
  return buyShell
}

export async function buyPageResponse(env: Pick<Bindings, 'ASSETS'>, requestUrl: string, data: BuyPageData, head: PageHead, status: number): Promise<Response> {
  const shell = await loadBuyShell(env, requestUrl)
  const template = new Response(shell.html)
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
  // Content written by a pass is not parsed again by the same pass: the islands go into #root's
  // elements in a second one (decision 272), and a third drops the preload of the first image React
  // adds at the top of what it renders (the carousel's island); the head has one already.
  const islands = parts.islands.reduce(
    (rewriter, island) => rewriter.on(`#${island.id}`, { element: (el) => void el.setInnerContent(island.html, { html: true }) }),
    new HTMLRewriter(),
  )
  const tidy = new HTMLRewriter().on('#root link[rel="preload"]', { element: (el) => void el.remove() }).transform(islands.transform(filled))
  return htmlResponse(writeHead(tidy, head), status, shell.styleHashes)
}
