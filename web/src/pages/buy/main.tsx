import { BUY_DATA_ELEMENT_ID, type BuyPageData } from '@contract/buy-page'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import './buy.css'
import { BuyApp } from './BuyApp'

// The buy page's browser entry (web/affiliate/track.html): React and this page only. The Worker sent
// the page already rendered with its data; hydrating makes the form and carousel live without
// fetching the product again.
const root = document.getElementById('root')
const json = document.getElementById(BUY_DATA_ELEMENT_ID)?.textContent

function hydrate() {
  if (!root || !json || root.dataset.hydrated) return
  root.dataset.hydrated = 'true'
  hydrateRoot(
    root,
    <StrictMode>
      <BuyApp data={JSON.parse(json) as BuyPageData} />
    </StrictMode>,
  )
}

// The page is complete as the server sent it: let the browser paint it before React's work takes the
// main thread (a frame, then a task). A tab that paints no frames (opened in the background) starts
// anyway after a moment, so its visit is still reported.
requestAnimationFrame(() => setTimeout(hydrate))
setTimeout(hydrate, 500)
