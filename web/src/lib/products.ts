import type { ProductDTO } from '@contract/product'

// Products listing rules (spec 000 sections 4 and 5) and the card's number formats.

/** Newest first (ProductID descending). */
export const sortNewestFirst = (list: readonly ProductDTO[]) => [...list].sort((a, b) => b.ProductID - a.ProductID)

/** Case-insensitive match on name, SKU, price or commission amount. */
export function searchProducts(list: readonly ProductDTO[], text: string): ProductDTO[] {
  const q = text.trim().toLowerCase()
  if (!q) return [...list]
  return list.filter((p) => [p.ProductName, p.SKU ?? '', String(p.Price), String(p.CommissionAmount)].some((field) => field.toLowerCase().includes(q)))
}

const oneDecimal = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

type CardCommission = Pick<ProductDTO, 'CommissionType' | 'CommissionValue' | 'CommissionAmount'>

/**
 * Card commission (spec 001 section 2): the rupees an influencer earns, one decimal when above 0.
 * A Percentage adds its rate in brackets ('₹149.9 (10%)'), so the card still says how it is worked out.
 */
export function cardCommission(product: CardCommission): string {
  const amount = Number(product.CommissionAmount)
  const rupees = Number.isFinite(amount) && amount > 0 ? `₹${oneDecimal.format(amount)}` : '₹0'
  if (product.CommissionType !== 'Percentage') return rupees
  const rate = Number(product.CommissionValue)
  return `${rupees} (${Number.isFinite(rate) ? rate : 0}%)`
}
