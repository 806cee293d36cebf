import { useState } from 'react'
import { readReasonText, SUPPORT_EMAIL } from '@contract/admin'
import type { ProductDTO } from '@contract/product'
import { deleteProduct, toggleProductStatus, vendorProductPage } from '../../api/vendor'
import { Button } from '../../components/Button'
import { Modal } from '../../components/Modal'
import { formatCommission, formatDate, formatRupees, truncateWords } from '../../lib/format'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ProductCell, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { Section } from '../../components/Section'
import { Icon } from '../dashboard-shared/StatCard'
import { useRowAction } from '../dashboard-shared/useRowAction'
import { ProductFormModal } from './ProductFormModal'

export function ProductsTab({ vendorId }: { vendorId: number }) {
  const products = usePagedList<ProductDTO>(['vendor-products', vendorId], (cursor, signal) => vendorProductPage(vendorId, cursor, signal))
  const [form, setForm] = useState<{ open: boolean; product: ProductDTO | null }>({ open: false, product: null })
  const [toDelete, setToDelete] = useState<ProductDTO | null>(null)
  const { busyId, run } = useRowAction()

  // The switched row changes where it stands, from the server's answer: no reload of the list.
  const toggle = (product: ProductDTO) => {
    let saved: ProductDTO | null = null
    return run(
      product.ProductID,
      async () => {
        const envelope = await toggleProductStatus(product.ProductID)
        saved = envelope.data
        return envelope
      },
      () =>
        products.updateRow(
          (p) => p.ProductID === product.ProductID,
          (p) => ({ ...p, IsActive: saved && typeof saved.IsActive === 'boolean' ? saved.IsActive : !p.IsActive }),
        ),
    )
  }
  const confirmDelete = (product: ProductDTO) =>
    run(
      product.ProductID,
      () => deleteProduct(product.ProductID),
      () => {
        setToDelete(null)
        return products.reload()
      },
    )

  const columns: Column<ProductDTO>[] = [
    {
      label: 'Product',
      wide: true,
      noCaption: true,
      cell: (p) => <ProductCell imageUrl={p.ImageURL} name={truncateWords(p.ProductName, 6)} title={p.ProductName} />,
    },
    { label: 'Price', cell: (p) => formatRupees(p.Price) },
    { label: 'Commission', cell: (p) => formatCommission(p.CommissionType, p.CommissionValue) },
    { label: 'Commission Amount', cell: (p) => formatRupees(p.CommissionAmount, 2) },
    { label: 'Category', cell: (p) => p.Category },
    { label: 'SKU', cell: (p) => <TextCell text={p.SKU} />, className: 'font-mono text-xs' },
    { label: 'Created', cell: (p) => formatDate(p.createdAt) },
    {
      label: 'Status',
      cell: (p) =>
        p.TakenDownReason ? (
          // Taken down by the back office: the vendor sees why and cannot switch it back on.
          <TakenDown reason={p.TakenDownReason} />
        ) : (
          <button
            type="button"
            onClick={() => void toggle(p)}
            disabled={busyId === p.ProductID}
            aria-label={`${p.IsActive ? 'Active' : 'Inactive'}: switch ${p.ProductName} ${p.IsActive ? 'off' : 'on'}`}
            className={`rounded-full px-3 py-1 text-xs font-semibold text-white shadow-sm disabled:opacity-60 ${p.IsActive ? 'bg-emerald-600 hover:bg-emerald-700' : 'bg-rose-600 hover:bg-rose-700'}`}
          >
            {p.IsActive ? 'Active' : 'Inactive'}
          </button>
        ),
    },
    {
      label: 'Actions',
      hideLabel: true,
      className: 'max-sm:self-end max-sm:justify-self-end',
      cell: (p) => (
        <div className="flex gap-1">
          <button
            type="button"
            onClick={() => setForm({ open: true, product: p })}
            aria-label={`Edit ${p.ProductName}`}
            className="rounded-lg p-2 text-slate-500 hover:bg-brand-50 hover:text-brand-700"
          >
            <Icon name="pencil" />
          </button>
          <button
            type="button"
            onClick={() => setToDelete(p)}
            aria-label={`Delete ${p.ProductName}`}
            className="rounded-lg p-2 text-slate-500 hover:bg-rose-50 hover:text-rose-700"
          >
            <Icon name="trash" />
          </button>
        </div>
      ),
    },
  ]

  return (
    <Section
      framed={false}
      id="products-title"
      title="Products"
      subtitle={products.rows ? `${products.total} in your catalogue` : 'Your catalogue'}
      action={
        <Button onClick={() => setForm({ open: true, product: null })}>
          <Icon name="plus" className="size-4" />
          Add Product
        </Button>
      }
    >
      <ServerPagedTable
        list={products}
        noun="Products"
        label="Products"
        columns={columns}
        rowKey={(p) => p.ProductID}
        rowAttr="data-product-row"
        empty={{
          icon: <Icon name="box" className="size-6" />,
          title: 'No products yet',
          text: 'Add your first product with a commission, and influencers can start sharing it.',
        }}
      />

      {form.open && (
        <ProductFormModal
          key={form.product?.ProductID ?? 'new'}
          vendorId={vendorId}
          product={form.product}
          open
          onClose={() => setForm({ open: false, product: null })}
          onSaved={() => void products.reload()}
        />
      )}
      <Modal
        open={toDelete !== null}
        title="Delete product?"
        onClose={() => setToDelete(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button variant="danger" busy={busyId !== null && busyId === toDelete?.ProductID} onClick={() => toDelete && void confirmDelete(toDelete)}>
              Delete
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-600">
          <strong className="font-semibold text-slate-900">{toDelete?.ProductName}</strong> and its images will be removed for good. Its leads stay in your
          list.
        </p>
      </Modal>
    </Section>
  )
}

/** Why the back office took the product down, in words: its reason, the note quoted, and whom to ask. */
function TakenDown({ reason }: { reason: string }) {
  const { label, note } = readReasonText(reason)
  return (
    <span className="block max-w-56 break-words text-xs text-rose-700" data-taken-down>
      <span className="block font-semibold">Taken down by Collabkart{label ? ` (${label})` : ''}</span>
      {note && <span className="block">“{note}”</span>}
      <span className="block text-slate-500">Questions: {SUPPORT_EMAIL}</span>
    </span>
  )
}
