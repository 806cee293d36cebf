import { useState } from 'react'
import { type AdminProductRow, PRODUCT_STATES } from '@contract/admin'
import { Button } from '../../components/Button'
import { formatDate, formatRupees } from '../../lib/format'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { adminApi } from './adminApi'
import { ListFilters, ReasonDialog, type ReasonRequest, SelectFilter } from './AdminDialogs'
import { useDebounced } from '../../lib/useDebounced'

const STATE_LABELS: Record<(typeof PRODUCT_STATES)[number], string> = {
  all: 'All products',
  active: 'Active',
  inactive: 'Switched off',
  suspended: 'Suspended',
  'taken-down': 'Taken down',
}

/** /admin/products: every vendor's products, searchable; take down with a reason, restore. */
export default function ProductsScreen() {
  useDocumentTitle('Products · Admin')
  const [q, setQ] = useState('')
  const [state, setState] = useState('all')
  const query = useDebounced(q)
  const list = usePagedList(['admin', 'products', query, state], (cursor, signal) => adminApi.products({ q: query || undefined, state, cursor }, signal))
  const [reason, setReason] = useState<ReasonRequest | null>(null)

  const columns: Column<AdminProductRow>[] = [
    { label: 'Product', wide: true, cell: (r) => <TextCell text={r.ProductName} className="font-semibold text-slate-900" /> },
    { label: 'SKU', cell: (r) => <TextCell text={r.SKU} /> },
    { label: 'Price', cell: (r) => formatRupees(r.Price) },
    { label: 'Vendor', cell: (r) => <TextCell text={r.VendorName} /> },
    {
      label: 'State',
      wide: true,
      cell: (r) =>
        r.takenDownReason ? (
          <span className="block max-w-72 truncate text-rose-700" title={r.takenDownReason}>
            Taken down: {r.takenDownReason}
          </span>
        ) : r.vendorSuspended ? (
          <span className="font-semibold text-rose-700">Suspended</span>
        ) : r.IsActive ? (
          <span className="text-emerald-700">Active</span>
        ) : (
          <span className="text-slate-500">Switched off</span>
        ),
    },
    { label: 'Added', cell: (r) => formatDate(r.createdAt) },
    {
      label: 'Actions',
      hideLabel: true,
      cell: (r) =>
        r.takenDownReason ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Restore ${r.ProductName}`}
            onClick={() =>
              setReason({
                title: `Restore ${r.ProductName}`,
                intro: 'The product returns as its vendor had it.',
                confirm: 'Restore',
                done: 'Product restored',
                run: (text) => adminApi.restore(r.ProductID, text),
              })
            }
          >
            Restore
          </Button>
        ) : (
          <Button
            size="sm"
            variant="danger"
            aria-label={`Take down ${r.ProductName}`}
            onClick={() =>
              setReason({
                title: `Take down ${r.ProductName}`,
                intro: 'The product leaves every public list and its links stop. The vendor sees your reason and cannot switch it back on.',
                confirm: 'Take down',
                danger: true,
                done: 'Product taken down',
                run: (text) => adminApi.takeDown(r.ProductID, text),
              })
            }
          >
            Take down
          </Button>
        ),
    },
  ]

  return (
    <div>
      <h1 id="products-title" className="mb-4 text-2xl font-bold text-slate-900">
        Products
      </h1>
      <ListFilters label="Search by product, SKU or vendor" q={q} onQ={setQ}>
        <SelectFilter label="State" value={state} options={PRODUCT_STATES.map((s) => [s, STATE_LABELS[s]] as const)} onChange={setState} />
      </ListFilters>
      <ServerPagedTable
        list={list}
        noun="Products"
        label="Products"
        columns={columns}
        rowKey={(r) => r.ProductID}
        rowAttr="data-product"
        empty={{ icon: null, title: 'No products found', text: query ? 'No product matches this search.' : 'No vendor has listed a product yet.' }}
      />
      <ReasonDialog request={reason} onClose={() => setReason(null)} onDone={() => void list.reload()} />
    </div>
  )
}
