import type { ProductDTO } from '@contract/product'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { findOwnProducts } from '../../api/campaigns'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { formatCommission, formatRupees } from '../../lib/format'
import { useDebounced } from '../../lib/useDebounced'

/** What the form keeps of a chosen product: enough to show it and its own commission (the campaign's floor). */
export type ChosenProduct = Pick<ProductDTO, 'ProductID' | 'ProductName' | 'Price' | 'CommissionType' | 'CommissionValue' | 'CommissionAmount'>

/**
 * The campaign's products: the vendor's own active products, found by a search on the server (a
 * few per pause in typing, never the whole catalogue), each added or removed with a button.
 */
export function ProductChooser({
  vendorId,
  chosen,
  onChange,
  field,
}: {
  vendorId: number
  chosen: readonly ChosenProduct[]
  onChange: (next: ChosenProduct[]) => void
  /** The form's id and message for the products (lib/useFieldErrors.ts): the search box carries them. */
  field?: { id: string; error?: string }
}) {
  const [text, setText] = useState('')
  const q = useDebounced(text.trim(), 250)
  const found = useQuery({
    queryKey: ['campaign-products', vendorId, q],
    queryFn: ({ signal }) => findOwnProducts(vendorId, q, signal),
  })
  // A switched-off or taken-down product cannot be promoted: the server refuses it, so it is not offered.
  const offered = (found.data ?? []).filter((p) => p.IsActive && !p.TakenDownReason && !chosen.some((c) => c.ProductID === p.ProductID))
  const add = (p: ProductDTO) =>
    onChange([
      ...chosen,
      {
        ProductID: p.ProductID,
        ProductName: p.ProductName,
        Price: p.Price,
        CommissionType: p.CommissionType,
        CommissionValue: p.CommissionValue,
        CommissionAmount: p.CommissionAmount,
      },
    ])

  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">Products</legend>
      {chosen.length > 0 ? (
        <ul className="mb-3 divide-y divide-slate-100" aria-label="Products in this campaign" data-chosen-products>
          {chosen.map((p) => (
            <li key={p.ProductID} className="flex items-center gap-3 py-2">
              <span className="min-w-0 flex-1 text-sm wrap-anywhere">
                <span className="font-medium text-slate-900">{p.ProductName}</span>
                <span className="block text-xs text-slate-600">
                  {formatRupees(p.Price)} · own commission {formatCommission(p.CommissionType, p.CommissionValue)} ({formatRupees(p.CommissionAmount, 2)})
                </span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onChange(chosen.filter((c) => c.ProductID !== p.ProductID))}
                aria-label={`Remove ${p.ProductName}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-3 text-sm text-slate-600">Add at least one of your active products.</p>
      )}
      <TextField label="Find one of your products" type="search" placeholder="Name or SKU" value={text} onChange={(e) => setText(e.target.value)} {...field} />
      <ul className="mt-2 max-h-56 divide-y divide-slate-100 overflow-y-auto" aria-label="Products you can add" aria-busy={found.isFetching}>
        {offered.map((p) => (
          <li key={p.ProductID} className="flex items-center gap-3 py-2">
            <span className="min-w-0 flex-1 text-sm text-slate-900 wrap-anywhere">
              {p.ProductName} <span className="text-slate-600">· {formatRupees(p.Price)}</span>
            </span>
            <Button size="sm" variant="secondary" onClick={() => add(p)} aria-label={`Add ${p.ProductName}`}>
              Add
            </Button>
          </li>
        ))}
        {found.data && offered.length === 0 && (
          <li className="py-2 text-sm text-slate-500">
            {q
              ? 'No active products match.'
              : chosen.length === 0
                ? 'You have no active products yet: add one under Products first.'
                : 'No more active products.'}
          </li>
        )}
        {found.isError && <li className="py-2 text-sm text-rose-700">Your products could not be loaded.</li>}
      </ul>
    </fieldset>
  )
}
