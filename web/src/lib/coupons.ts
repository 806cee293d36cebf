import type { CodeDTO } from '@contract/coupons'
import { formatCount, formatDate } from './format'

// How the dashboards show a creator code's window and uses, in en-IN formats.

/** A day picked in a date input as the moment the code starts (the day's start in India) or ends (its last second). */
export const dayStart = (day: string) => (day ? `${day}T00:00:00+05:30` : null)
export const dayEnd = (day: string) => (day ? `${day}T23:59:59+05:30` : null)

export function codeWindow(code: Pick<CodeDTO, 'startsAt' | 'endsAt'>): string {
  if (code.startsAt && code.endsAt) return `${formatDate(code.startsAt)} to ${formatDate(code.endsAt)}`
  if (code.startsAt) return `From ${formatDate(code.startsAt)}`
  if (code.endsAt) return `Until ${formatDate(code.endsAt)}`
  return 'No end date'
}

export const codeUses = (code: Pick<CodeDTO, 'Uses' | 'UseLimit'>) =>
  code.UseLimit === null ? `${formatCount(code.Uses)} uses` : `${formatCount(code.Uses)} of ${formatCount(code.UseLimit)} uses`

export const codeProductsText = (code: Pick<CodeDTO, 'AllProducts' | 'Products'> & Partial<Pick<CodeDTO, 'CampaignTitle'>>) => {
  const products = code.AllProducts ? 'All products' : code.Products.map((p) => p.ProductName).join(', ')
  return code.CampaignTitle ? `Campaign ${code.CampaignTitle}: ${products}` : products
}
