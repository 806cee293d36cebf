import type { ProductDTO } from '@contract/product'

// Products listing rules (spec 000 sections 4 and 5) and the card's number formats.

/** Newest first (ProductID descending). */
export const sortNewestFirst = (list: readonly ProductDTO[]) => [...list].sort((a, b) => b.ProductID - a.ProductID)

/** Case-insensitive match on name, SKU, price or commission amount. */
export function searchProducts(list: readonly ProductDTO[], text: string): ProductDTO[] {
  const q = text.trim().toLowerCase()
  if (!q) return [...list]
  return list.filter((p) =>
    [p.ProductName, p.SKU ?? '', String(p.Price), String(p.CommissionAmount)].some((field) => field.toLowerCase().includes(q)),
  )
}

const oneDecimal = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** Card commission: one decimal when above 0; Fixed prefixed with ₹, Percentage suffixed with %. */
export function cardCommission(type: ProductDTO['CommissionType'], value: number | string): string {
  const n = Number(value)
  const amount = Number.isFinite(n) && n > 0 ? oneDecimal.format(n) : '0'
  return type === 'Percentage' ? `${amount}%` : `₹${amount}`
}
