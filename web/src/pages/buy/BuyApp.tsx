import type { BuyPageData } from '@contract/buy-page'
import { useEffect } from 'react'
import { reportImpression } from '../../api/buy'
import { BuyPage } from './BuyPage'
import { type BuyToast, BuyToasts, useBuyToasts } from './BuyToasts'
import { InvalidLink } from './InvalidLink'

export const IMPRESSION_FAILED_MESSAGE = 'Failed to track impression.'

// Once per page load and link, even if the effect runs twice (React StrictMode in development).
const tracked = new Set<string>()

/** Reports the visit once, from the browser (bots get the same HTML but run no script, so they never count). */
function useImpression(data: BuyPageData, notify: (message: string) => void) {
  useEffect(() => {
    const { productId, vendorId, marketerId } = data.ids
    if (!data.track || !productId || !vendorId || !marketerId) return
    const key = `${productId}:${vendorId}:${marketerId}`
    if (tracked.has(key)) return
    tracked.add(key)
    reportImpression({ productId, vendorId, marketerId }).catch(() => notify(IMPRESSION_FAILED_MESSAGE))
  }, [data, notify])
}

function initialToasts({ submission }: BuyPageData): BuyToast[] {
  // A creator code that cannot be used is told under its field, with the choice to send without it.
  const message = !submission ? null : submission.done ? submission.notice : submission.field === 'CreatorCode' ? null : submission.message
  return message ? [{ id: 1, type: 'error', message }] : []
}

/**
 * The live part of the buy page (inside <main>): rendered by the Worker (render.ts) and hydrated
 * in the browser (main.tsx) from the same data.
 */
export function BuyApp({ data }: { data: BuyPageData }) {
  const { toasts, show, dismiss, clearErrors } = useBuyToasts(initialToasts(data))
  useImpression(data, show)
  const { link } = data
  return (
    <>
      {link.valid ? (
        <BuyPage
          product={link.product}
          code={link.code}
          marketerId={link.marketerId}
          campaignId={data.ids.campaignId}
          submission={data.submission}
          notify={show}
          onEdit={clearErrors}
        />
      ) : (
        <InvalidLink product={link.product} />
      )}
      <BuyToasts toasts={toasts} onDismiss={dismiss} />
    </>
  )
}
