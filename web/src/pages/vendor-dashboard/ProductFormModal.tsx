import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { PRODUCT_CATEGORIES, type ProductDTO } from '@contract/product'
import { errorMessage } from '../../api/client'
import { addProductImages, createProduct, deleteProductImages, type ProductFields, updateProduct } from '../../api/vendor'
import { FormActions } from '../dashboard-shared/FormActions'
import { SelectField, TextAreaField, TextField } from '../../components/Field'
import { CommissionFields } from '../dashboard-shared/CommissionFields'
import { Modal } from '../../components/Modal'
import { imageList } from '../../lib/format'
import { messageIssue } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { ImagePicker, type PickedImage } from './ImagePicker'
import { EMPTY_PRODUCT_FORM, imageSteps, PRODUCT_SERVER_FIELDS, productFieldOf, productFormError, type ProductFormValues } from './productForm'

const valuesOf = (p: ProductDTO): ProductFormValues => ({
  ProductName: p.ProductName,
  Price: String(Number(p.Price)),
  CommissionType: p.CommissionType,
  CommissionValue: String(p.CommissionValue),
  Category: p.Category,
  SKU: p.SKU,
  Description: p.Description,
  product_link: p.product_link ?? '',
})

type Props = {
  vendorId: number
  /** The product to edit; null for 'Create New Product'. */
  product: ProductDTO | null
  open: boolean
  onClose: () => void
  onSaved: () => void
}

/**
 * 'Create New Product' and 'Edit Product': one form, the spec's checks in order, each a toast.
 * The parent mounts it per opening, so each opening starts from the product (edit) or empty (create).
 */
export function ProductFormModal({ vendorId, product, open, onClose, onSaved }: Props) {
  const [values, setValues] = useState<ProductFormValues>(() => (product ? valuesOf(product) : EMPTY_PRODUCT_FORM))
  const [added, setAdded] = useState<PickedImage[]>([])
  const [removed, setRemoved] = useState<string[]>([])
  const existing = product ? imageList(product.ImageURL) : []
  const kept = existing.filter((p) => !removed.includes(p))
  const imageCount = kept.length + added.length
  const form = useFieldErrors(
    (v: ProductFormValues & { imageCount: number }) => messageIssue(productFormError(v, v.imageCount, product === null), productFieldOf),
    { ...values, imageCount },
    { messageFields: PRODUCT_SERVER_FIELDS },
  )

  const set = (key: keyof ProductFormValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }))

  const fields = (): ProductFields => ({ VendorID: vendorId, ...values })

  async function saveEdit(target: ProductDTO) {
    const res = await updateProduct(target.ProductID, fields())
    const steps = imageSteps(existing, removed, added.length)
    if (steps.deleteFirst.length) await deleteProductImages(target.ProductID, steps.deleteFirst)
    if (steps.add)
      await addProductImages(
        target.ProductID,
        added.map((a) => a.file),
      )
    if (steps.deleteAfter.length) await deleteProductImages(target.ProductID, steps.deleteAfter)
    return res
  }

  const save = useMutation({
    mutationFn: () =>
      product
        ? saveEdit(product)
        : createProduct(
            fields(),
            added.map((a) => a.file),
          ),
    onSuccess: (res) => {
      toast.success(res.message)
      setValues(EMPTY_PRODUCT_FORM)
      setAdded([])
      setRemoved([])
      onSaved()
      onClose()
    },
    onError: (err) => {
      form.serverError(err)
      toast.error(product ? errorMessage(err) : `Error: ${errorMessage(err)}`)
    },
    meta: { ownErrorToast: true },
  })

  function submit(e: FormEvent) {
    e.preventDefault()
    if (form.check()) save.mutate()
  }

  const title = product ? 'Edit Product' : 'Create New Product'
  const formId = product ? 'edit-product-form' : 'create-product-form'
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      size="lg"
      footer={<FormActions formId={formId} submitLabel={product ? 'Save Changes' : 'Create Product'} busy={save.isPending} onCancel={onClose} />}
    >
      <form id={formId} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Product Name"
          wrapperClassName="sm:col-span-2"
          value={values.ProductName}
          onChange={set('ProductName')}
          {...form.field('ProductName')}
        />
        <TextField
          label="Price (₹)"
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          value={values.Price}
          onChange={set('Price')}
          {...form.field('Price')}
        />
        <SelectField label="Category" required value={values.Category} onChange={set('Category')} {...form.field('Category')}>
          <option value="">Select a category</option>
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
        <CommissionFields
          type={values.CommissionType}
          value={values.CommissionValue}
          onType={set('CommissionType')}
          onValue={set('CommissionValue')}
          placeholder="Select type"
          typeField={form.field('CommissionType')}
          valueField={form.field('CommissionValue')}
        />
        <TextField label="SKU" value={values.SKU} onChange={set('SKU')} {...form.field('SKU')} />
        <TextField
          label="Product Link (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={values.product_link}
          onChange={set('product_link')}
          {...form.field('product_link')}
        />
        <TextAreaField
          label="Description"
          wrapperClassName="sm:col-span-2"
          value={values.Description}
          onChange={set('Description')}
          {...form.field('Description')}
        />
        <div className="sm:col-span-2">
          <ImagePicker
            existing={kept}
            onRemoveExisting={(path) => setRemoved((r) => [...r, path])}
            added={added}
            onAdd={(images) => setAdded((a) => [...a, ...images])}
            onRemoveAdded={(key) => setAdded((a) => a.filter((img) => img.key !== key))}
            field={form.field('images')}
          />
        </div>
      </form>
    </Modal>
  )
}
