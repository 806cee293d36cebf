import { useState } from 'react'
import type { ProductDTO } from '@contract/product'
import { errorMessage } from '../../api/client'
import { deleteProduct, listVendorProducts, toggleProductStatus } from '../../api/vendor'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { Modal } from '../../components/Modal'
import { pageSlice, Pagination } from '../../components/Pagination'
import { formatCommission, formatDate, formatRupees, truncateWords } from '../../lib/format'
import { toast } from '../../lib/toast'
import { ProductCell, TableCard, Td, Th } from '../dashboard-shared/DataTable'
import { ListState, SectionHeader, usePage } from '../dashboard-shared/ListState'
import { Icon } from '../dashboard-shared/StatCard'
import { useLoad } from '../dashboard-shared/useLoad'
import { ProductFormModal } from './ProductFormModal'

const byNewest = (a: ProductDTO, b: ProductDTO) => b.ProductID - a.ProductID

export function ProductsTab({ vendorId }: { vendorId: number }) {
  const products = useLoad(async () => (await listVendorProducts(vendorId)).sort(byNewest), `products-${vendorId}`)
  const [current, setPage] = usePage(products.data?.length ?? 0)
  const [form, setForm] = useState<{ open: boolean; product: ProductDTO | null }>({ open: false, product: null })
  const [toDelete, setToDelete] = useState<ProductDTO | null>(null)
  const [busyId, setBusyId] = useState<number | null>(null)


  async function toggle(product: ProductDTO) {
    setBusyId(product.ProductID)
    try {
      const res = await toggleProductStatus(product.ProductID)
      toast.success(res.message)
      await products.reload()
    } catch (err) {
      toast.error(errorMessage(err))
    } finally {
      setBusyId(null)
    }
  }

  async function confirmDelete() {
    if (!toDelete) return
    setBusyId(toDelete.ProductID)
    try {
      const res = await deleteProduct(toDelete.ProductID)
      toast.success(res.message)
      setToDelete(null)
      await products.reload()
    } catch (err) {
      toast.error(errorMessage(err))
    } finally {
      setBusyId(null)
    }
  }

  return (
    <section aria-labelledby="products-title">
      <SectionHeader
        id="products-title"
        title="Products"
        subtitle={products.data ? `${products.data.length} in your catalogue` : 'Your catalogue'}
        action={
          <Button onClick={() => setForm({ open: true, product: null })}>
            <Icon name="plus" className="size-4" />
            Add Product
          </Button>
        }
      />
      <ListState
        list={products}
        noun="Products"
        empty={<EmptyState icon={<Icon name="box" className="size-6" />} title="No products yet" text="Add your first product with a commission, and influencers can start sharing it." />}
      >
        {(rows) => (
          <TableCard label="Products" footer={<Pagination page={current} total={rows.length} onPage={setPage} label="Products pages" />}>
            <thead>
              <tr>
                <Th>Product</Th>
                <Th>Price</Th>
                <Th>Commission</Th>
                <Th>Commission Amount</Th>
                <Th>Category</Th>
                <Th>SKU</Th>
                <Th>Created</Th>
                <Th>Status</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {pageSlice(rows, current).map((p) => (
                <tr key={p.ProductID} className="hover:bg-slate-50/60" data-product-row={p.ProductID}>
                  <Td>
                    <ProductCell imageUrl={p.ImageURL} name={truncateWords(p.ProductName, 6)} title={p.ProductName} />
                  </Td>
                  <Td>{formatRupees(p.Price)}</Td>
                  <Td>{formatCommission(p.CommissionType, p.CommissionValue)}</Td>
                  <Td>{formatRupees(p.CommissionAmount, 2)}</Td>
                  <Td>{p.Category}</Td>
                  <Td className="font-mono text-xs">{p.SKU}</Td>
                  <Td>{formatDate(p.createdAt)}</Td>
                  <Td>
                    <button
                      type="button"
                      onClick={() => void toggle(p)}
                      disabled={busyId === p.ProductID}
                      aria-label={`${p.IsActive ? 'Active' : 'Inactive'}: switch ${p.ProductName} ${p.IsActive ? 'off' : 'on'}`}
                      className={`rounded-full px-3 py-1 text-xs font-semibold text-white shadow-sm disabled:opacity-60 ${p.IsActive ? 'bg-emerald-600 hover:bg-emerald-700' : 'bg-rose-600 hover:bg-rose-700'}`}
                    >
                      {p.IsActive ? 'Active' : 'Inactive'}
                    </button>
                  </Td>
                  <Td>
                    <div className="flex gap-1">
                      <button type="button" onClick={() => setForm({ open: true, product: p })} aria-label={`Edit ${p.ProductName}`} className="rounded-lg p-2 text-slate-500 hover:bg-brand-50 hover:text-brand-700">
                        <Icon name="pencil" />
                      </button>
                      <button type="button" onClick={() => setToDelete(p)} aria-label={`Delete ${p.ProductName}`} className="rounded-lg p-2 text-slate-500 hover:bg-rose-50 hover:text-rose-700">
                        <Icon name="trash" />
                      </button>
                    </div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </TableCard>
        )}
      </ListState>

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
            <Button variant="danger" busy={busyId !== null && busyId === toDelete?.ProductID} onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-600">
          <strong className="font-semibold text-slate-900">{toDelete?.ProductName}</strong> and its images will be removed for good. Its leads stay in your list.
        </p>
      </Modal>
    </section>
  )
}
