import { useEffect } from 'react'
import { COPY_MESSAGES, copyText } from '../../lib/clipboard'
import { withMarketerId } from '../../lib/links'
import { clearPendingShareLink, getPendingShareLink } from '../../lib/storage'
import { toast } from '../../lib/toast'

/**
 * Spec 000 section 4: a link a visitor tried to copy before signing in is copied once for the
 * influencer who then signed in, with their marketerId, as soon as the page has focus; then removed.
 */
export function usePendingShareLink(marketerId: number | null) {
  useEffect(() => {
    if (!marketerId) return
    let done = false
    const tryCopy = async () => {
      const pending = getPendingShareLink()
      if (done || !pending?.linkurl || !document.hasFocus()) return
      done = true
      const result = await copyText(withMarketerId(pending.linkurl, marketerId))
      clearPendingShareLink()
      if (result === 'copied') toast.success(COPY_MESSAGES.copied)
      else toast.error(COPY_MESSAGES.writeFailed)
    }
    void tryCopy()
    window.addEventListener('focus', tryCopy)
    return () => {
      done = true
      window.removeEventListener('focus', tryCopy)
    }
  }, [marketerId])
}
