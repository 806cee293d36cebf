import type { BuyPageData } from '@contract/buy-page'
import type { ReactNode } from 'react'
import { BuyLive } from './BuyLive'
import { Carousel } from './Carousel'

// The buy page's two live parts (decision 272). The Worker renders each as a root of its own
// (render.ts) into the element of its id (placed by BuyApp.tsx), and the browser hydrates each
// element from the same data (main.tsx); the rest of the page (product, price, links, the
// invalid-link notice) is HTML only, so its code never reaches the browser. One table, so the two
// sides cannot render different trees.
export type BuyIsland = { id: string; render: (data: BuyPageData) => ReactNode }

export const BUY_ISLANDS = {
  carousel: {
    id: 'buy-carousel',
    render: ({ link }) => (link.valid ? <Carousel images={link.product.images.map((image) => image.path)} alt={link.product.ProductName} /> : null),
  },
  live: { id: 'buy-live', render: (data) => <BuyLive data={data} /> },
} satisfies Record<string, BuyIsland>
