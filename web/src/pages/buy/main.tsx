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
if (root && json) {
  hydrateRoot(
    root,
    <StrictMode>
      <BuyApp data={JSON.parse(json) as BuyPageData} />
    </StrictMode>,
  )
}
