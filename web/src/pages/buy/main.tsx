import { BUY_DATA_ELEMENT_ID, type BuyPageData } from '@contract/buy-page'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import './buy.css'
import { BUY_ISLANDS } from './islands'

// The buy page's browser entry (web/affiliate/track.html): React and the page's islands only. The
// Worker sent the page already rendered with its data; hydrating each island (the carousel, the
// form with the toasts) makes it live without fetching the product again. The product's text,
// price and links are HTML only (decision 272).
const root = document.getElementById('root')
const json = document.getElementById(BUY_DATA_ELEMENT_ID)?.textContent

function hydrate() {
  if (!root || !json || root.dataset.hydrated) return
  root.dataset.hydrated = 'true'
  const data = JSON.parse(json) as BuyPageData
  for (const island of Object.values(BUY_ISLANDS)) {
    const element = document.getElementById(island.id)
    if (element) hydrateRoot(element, <StrictMode>{island.render(data)}</StrictMode>)
  }
}

// The page is complete as the server sent it: let the browser paint it before React's work takes the
// main thread (a frame, then a task). A tab that paints no frames (opened in the background) starts
// anyway after a moment, so its visit is still reported.
requestAnimationFrame(() => setTimeout(hydrate))
setTimeout(hydrate, 500)
