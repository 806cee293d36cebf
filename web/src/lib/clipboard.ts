// Copying links (spec 000 section 8): the clipboard API first, a hidden textarea as the fallback,
// and never while the page is not focused (browsers refuse, and the user would not see the toast).

export const COPY_MESSAGES = {
  copied: 'Link Copied Successfully',
  affiliateCopied: 'Affiliate link copied',
  productCopied: 'Product link copied',
  noLink: 'Failed to copy link',
  writeFailed: 'Failed to copy the link. Please try again.',
  notFocused: 'Page is not focused. Please focus on the page to copy the link.',
  loginFirst: 'First you need to login',
} as const

export type CopyResult = 'copied' | 'not-focused' | 'failed'

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.className = 'fixed -left-[9999px] top-0 opacity-0'
  document.body.append(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
  }
}

export async function copyText(text: string): Promise<CopyResult> {
  if (!document.hasFocus()) return 'not-focused'
  try {
    await navigator.clipboard.writeText(text)
    return 'copied'
  } catch {
    return legacyCopy(text) ? 'copied' : 'failed'
  }
}

/** Copies and tells the user how it went, with the spec's messages. Returns true when copied. */
export async function copyLinkWithToast(link: string | null | undefined, successMessage: string, notify: Notifier): Promise<boolean> {
  if (!link) {
    notify.error(COPY_MESSAGES.noLink)
    return false
  }
  const result = await copyText(link)
  if (result === 'copied') notify.success(successMessage)
  else if (result === 'not-focused') notify.warn(COPY_MESSAGES.notFocused)
  else notify.error(COPY_MESSAGES.writeFailed)
  return result === 'copied'
}

export type Notifier = { success: (m: string) => void; error: (m: string) => void; warn: (m: string) => void }
