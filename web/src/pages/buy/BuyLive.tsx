import type { BuyPageData } from '@contract/buy-page'
import { useEffect } from 'react'
import { reportImpression } from '../../api/buy'
import { BuyForm } from './BuyFormView'
import { type BuyToast, BuyToasts, useBuyToasts } from './BuyToasts'

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
 * What runs in the browser besides the carousel (decision 272): the buy form of a valid link, the
 * page's toasts and the visit's report. An invalid link has only the toasts (its impression can
 * still fail to be reported).
 */
export function BuyLive({ data }: { data: BuyPageData }) {
  const { toasts, show, dismiss, clearErrors } = useBuyToasts(initialToasts(data))
  useImpression(data, show)
  const { link } = data
  return (
    <>
      {link.valid && (
        <BuyForm
          product={link.product}
          code={link.code}
          ids={{ productId: link.product.ProductID, vendorId: link.product.VendorID, marketerId: link.marketerId, campaignId: data.ids.campaignId }}
          submission={data.submission}
          notify={show}
          onEdit={clearErrors}
        />
      )}
      <BuyToasts toasts={toasts} onDismiss={dismiss} />
    </>
  )
}
