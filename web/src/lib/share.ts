// Sharing an influencer's link (decision 016): the post text with its disclosure label first, as ASCI's
// influencer guidelines ask of paid or commissioned posts, and the share addresses of the apps used
// where the browser has no share sheet.

import { formatRupees } from './format'

export const DISCLOSURE_LABELS = ['#Ad', '#Sponsored', '#Collab', '#Affiliate'] as const
export type DisclosureLabel = (typeof DISCLOSURE_LABELS)[number]

const LABEL_KEY = 'shareLabel'

export const isDisclosureLabel = (value: unknown): value is DisclosureLabel => DISCLOSURE_LABELS.includes(value as DisclosureLabel)

/** The label chosen last time on this device; #Ad until one is chosen. */
export function savedLabel(): DisclosureLabel {
  try {
    const value = localStorage.getItem(LABEL_KEY)
    return isDisclosureLabel(value) ? value : '#Ad'
  } catch {
    return '#Ad'
  }
}

export function saveLabel(label: DisclosureLabel): void {
  try {
    localStorage.setItem(LABEL_KEY, label)
  } catch {
    // storage blocked: the choice lasts for this dialog only
  }
}

/** '#Ad | {product} at ₹{price}: {short link}'. A label that is not one of the four becomes #Ad: it can be changed, never dropped. */
export function shareText(label: string, productName: string, price: number | string, link: string): string {
  const upfront = isDisclosureLabel(label) ? label : '#Ad'
  return `${upfront} | ${productName.trim()} at ${formatRupees(price)}: ${link}`
}

export { type ShareTarget, shareTargets } from '@contract/share'

/** A file name for the QR code of a product's link: the product's name, plain. */
export const qrFileName = (productName: string, ext: 'svg' | 'png') =>
  `${
    productName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'link'
  }-qr.${ext}`
