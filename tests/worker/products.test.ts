import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { PRODUCT_CATEGORIES, type ProductDTO } from '../../worker/contract/product'
import { makeDb } from '../../worker/db/client'
import { findProduct } from '../../worker/db/products'
import { setProductImages } from '../../worker/services/products'
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '../../worker/domain/images'
import worker from '../../worker/index'
import { call } from '../helpers/api'
import { makeMarketer, makeProduct, makeVendor, PRODUCT_FIELDS, productForm, type SignedInVendor } from '../helpers/factories'
import { FAKE_PNG, GIF, imageFile, JPEG, oversizedPng, PNG, WEBP } from '../helpers/images'

const productObjects = async () => (await env.MEDIA.list({ prefix: 'products/' })).objects.map((o) => o.key).sort()

const create = (vendor: SignedInVendor, fields: Record<string, string | undefined> = {}, images?: File[]) =>
  call<ProductDTO>('POST', '/api/products', {
    token: vendor.token,
    form: productForm({ VendorID: String(vendor.id), SKU: `SKU-${crypto.randomUUID()}`, ...fields }, images),
  })

const getProduct = (id: number, token?: string) => call<ProductDTO>('GET', `/api/products/${id}`, { token })

describe('POST /api/products', () => {
  it('creates the product with its images in R2 and the commission worked out on the server', async () => {
    const vendor = await makeVendor({ VendorName: 'Handloom Haus' })
    const res = await create(vendor, { SKU: 'HH-KUR-01' }, [imageFile(JPEG, 'a.jpg'), imageFile(PNG, 'b.png')])

    expect(res.status).toBe(201)
    expect(res.body.statusCode).toBe(1)
    const product = res.body.data
    expect(product).toMatchObject({
      VendorID: vendor.id,
      ProductName: 'Handwoven Cotton Kurta',
      Price: '1499.00',
      CommissionType: 'Fixed',
      CommissionValue: 150,
      CommissionAmount: 150,
      Category: 'Clothing',
      SKU: 'HH-KUR-01',
      product_link: 'https://example.in/kurta',
      IsActive: true,
      Link: null,
      ShortLink: null,
      Vendor: { VendorID: vendor.id, VendorName: 'Handloom Haus' },
    })
    const paths = product.ImageURL.split(',')
    expect(paths).toHaveLength(2)
    expect(paths[0]).toMatch(/^products\/[0-9a-f-]{36}_\d+x\d+\.jpg$/)
    expect(paths[1]).toMatch(/^products\/[0-9a-f-]{36}_\d+x\d+\.png$/)
    const first = await env.MEDIA.get(paths[0])
    expect(first?.httpMetadata?.contentType).toBe('image/jpeg')
    expect(new Uint8Array(await (first as R2ObjectBody).arrayBuffer())).toEqual(JPEG)
  })

  it('computes a percentage commission rounded to the paisa', async () => {
    const vendor = await makeVendor()
    const res = await create(vendor, { Price: '4599', CommissionType: 'Percentage', CommissionValue: '7.5' })
    expect(res.status).toBe(201)
    // 4599 x 7.5 / 100 = 344.925, rounded half up to 344.93.
    expect(res.body.data).toMatchObject({ Price: '4599.00', CommissionValue: 7.5, CommissionAmount: 344.93 })
  })

  it('keeps paise in the price', async () => {
    const vendor = await makeVendor()
    const res = await create(vendor, { Price: '349.5', CommissionType: 'Percentage', CommissionValue: '10' })
    expect(res.body.data).toMatchObject({ Price: '349.50', CommissionAmount: 34.95 })
  })

  it('accepts JPEG, PNG, WebP and GIF by their bytes, whatever the file is called', async () => {
    const vendor = await makeVendor()
    const res = await create(vendor, {}, [imageFile(WEBP, 'photo.txt', 'text/plain'), imageFile(GIF, 'no-extension', 'application/octet-stream')])
    expect(res.status).toBe(201)
    const [webp, gif] = res.body.data.ImageURL.split(',')
    expect(webp).toMatch(/\.webp$/)
    expect(gif).toMatch(/\.gif$/)
    expect((await env.MEDIA.head(webp))?.httpMetadata?.contentType).toBe('image/webp')
  })

  const base = { ...PRODUCT_FIELDS }
  it.each([
    [{ ProductName: '' }, 'Please Enter Product Name'],
    [{ ProductName: '   ' }, 'Please Enter Product Name'],
    [{ ProductName: undefined }, 'Please Enter Product Name'],
    [{ Price: '' }, 'Please enter Price'],
    [{ CommissionType: '' }, 'Please enter Commission Type'],
    [{ CommissionValue: '' }, 'Please enter Commission Value'],
    [{ CommissionValue: '1499' }, 'Commission should not be greater than the price!'],
    [{ CommissionValue: '1500' }, 'Commission should not be greater than the price!'],
    [{ CommissionType: 'Percentage', CommissionValue: '100' }, 'Percentage should not be greater than the price!'],
    [{ CommissionType: 'Percentage', CommissionValue: '150' }, 'Percentage should not be greater than the price!'],
    [{ SKU: '' }, 'Please enter SKU'],
    [{ Description: '' }, 'Please enter Description'],
    // The spec's order: the first failing check wins.
    [{ ProductName: '', Price: '', SKU: '' }, 'Please Enter Product Name'],
    [{ Price: '', CommissionType: '' }, 'Please enter Price'],
    [{ CommissionValue: '5000', SKU: '', Description: '' }, 'Commission should not be greater than the price!'],
    [{ SKU: '', Description: '' }, 'Please enter SKU'],
    // Rules the spec implies: numbers, the fixed lists, a real link.
    [{ Price: 'abc' }, 'Price should be a positive number'],
    [{ Price: '0' }, 'Price should be a positive number'],
    [{ Price: '-10' }, 'Price should be a positive number'],
    [{ Price: '10.555' }, 'Price can have at most two decimals'],
    [{ Price: '12.3450' }, 'Price can have at most two decimals'],
    [{ Price: '-10.555' }, 'Price should be a positive number'],
    [{ Price: '0.00' }, 'Price should be a positive number'],
    [{ Price: '1e5' }, 'Price should be a positive number'],
    [{ Price: '100000001' }, 'Price should not be more than ₹1,00,00,000'],
    [{ CommissionType: 'Bonus' }, 'Commission Type should be Fixed or Percentage'],
    [{ CommissionValue: '0' }, 'Commission Value should be a positive number'],
    [{ CommissionValue: 'ten' }, 'Commission Value should be a positive number'],
    [{ CommissionValue: '12.125' }, 'Commission Value can have at most two decimals'],
    [{ CommissionType: 'Percentage', CommissionValue: '7.5001' }, 'Commission Value can have at most two decimals'],
    [{ Category: '' }, 'Please select a Category'],
    [{ Category: 'Spaceships' }, 'Please select a Category from the list'],
    [{ product_link: 'javascript:alert(1)' }, 'Product link should be a web address starting with http:// or https://'],
    [{ ProductName: 'x'.repeat(151) }, 'Product name should be at most 150 characters'],
  ])('refuses %j with the message the form shows', async (fields, message) => {
    const vendor = await makeVendor()
    const res = await create(vendor, { ...base, ...fields, SKU: 'SKU' in fields ? fields.SKU : `S-${crypto.randomUUID()}` })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ statusCode: 0, message, data: null })
  })

  it('accepts every one of the 30 categories and no other', async () => {
    expect(PRODUCT_CATEGORIES).toHaveLength(30)
    const vendor = await makeVendor()
    const res = await create(vendor, { Category: 'Arts & Photography' })
    expect(res.body.data.Category).toBe('Arts & Photography')
  })

  it('needs at least one image and at most five', async () => {
    const vendor = await makeVendor()
    const none = await create(vendor, {}, [])
    expect(none.status).toBe(400)
    expect(none.body.message).toBe('Please select at least one image')

    const six = await create(
      vendor,
      {},
      Array.from({ length: 6 }, () => imageFile(PNG)),
    )
    expect(six.status).toBe(400)
    expect(six.body.message).toBe('You can upload up to 5 images only')

    const five = await create(
      vendor,
      {},
      Array.from({ length: 5 }, () => imageFile(PNG)),
    )
    expect(five.status).toBe(201)
    expect(five.body.data.ImageURL.split(',')).toHaveLength(5)
  })

  it('refuses a file that only pretends to be an image and stores nothing', async () => {
    const vendor = await makeVendor()
    const before = await productObjects()
    const res = await create(vendor, {}, [imageFile(PNG), imageFile(FAKE_PNG, 'cat.png')])
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(NOT_AN_IMAGE)
    expect(await productObjects()).toEqual(before)
    const mine = await call<ProductDTO[]>('GET', `/api/products/getProductByVendor/${vendor.id}`, { token: vendor.token })
    expect(mine.body.data).toEqual([])
  })

  it('refuses an image over 5 MB', async () => {
    const vendor = await makeVendor()
    const res = await create(vendor, {}, [imageFile(oversizedPng())])
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(IMAGE_TOO_LARGE)
  })

  it('refuses a second product with the same SKU from the same vendor, leaving no orphan images', async () => {
    const vendor = await makeVendor()
    const other = await makeVendor()
    expect((await create(vendor, { SKU: 'DUP-1' })).status).toBe(201)
    const before = await productObjects()

    const again = await create(vendor, { SKU: 'DUP-1' })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ statusCode: 0, message: 'You already have a product with this SKU', data: null })
    expect(await productObjects()).toEqual(before)

    expect((await create(other, { SKU: 'DUP-1' })).status).toBe(201)
  })

  it('answers 401 without a token and 403 to an influencer', async () => {
    const marketer = await makeMarketer()
    const anonymous = await call('POST', '/api/products', { form: productForm() })
    expect(anonymous.status).toBe(401)
    const asMarketer = await call('POST', '/api/products', { form: productForm(), token: marketer.token })
    expect(asMarketer.status).toBe(403)
  })

  it('refuses to list a product under another vendor and creates nothing', async () => {
    const vendor = await makeVendor()
    const victim = await makeVendor()
    const before = await productObjects()
    const res = await call('POST', '/api/products', {
      token: vendor.token,
      form: productForm({ VendorID: String(victim.id), SKU: 'NOT-MINE' }),
    })
    expect(res.status).toBe(403)
    expect(await productObjects()).toEqual(before)
    const theirs = await call<ProductDTO[]>('GET', `/api/products/getProductByVendor/${victim.id}`, { token: victim.token })
    expect(theirs.body.data).toEqual([])
  })

  it('refuses a body that is not multipart', async () => {
    const vendor = await makeVendor()
    const res = await call('POST', '/api/products', { token: vendor.token, json: PRODUCT_FIELDS })
    expect(res.status).toBe(400)
  })
})

describe('reading products', () => {
  it('lists active products to everyone, newest first, without inactive ones', async () => {
    const vendor = await makeVendor()
    const older = await makeProduct(vendor, { ProductName: 'Older' })
    const newer = await makeProduct(vendor, { ProductName: 'Newer' })
    const hidden = await makeProduct(vendor, { ProductName: 'Hidden' })
    await call('PUT', `/api/products/status/${hidden.ProductID}`, { token: vendor.token })

    const res = await call<ProductDTO[]>('GET', '/api/products')
    expect(res.status).toBe(200)
    const ids = res.body.data.map((p) => p.ProductID)
    expect(ids).not.toContain(hidden.ProductID)
    expect(ids.indexOf(newer.ProductID)).toBeLessThan(ids.indexOf(older.ProductID))
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })

  it("shows a vendor's own listing with inactive products, and only the active ones to others", async () => {
    const vendor = await makeVendor()
    const other = await makeVendor()
    const active = await makeProduct(vendor)
    const inactive = await makeProduct(vendor)
    await call('PUT', `/api/products/status/${inactive.ProductID}`, { token: vendor.token })

    const own = await call<ProductDTO[]>('GET', `/api/products/getProductByVendor/${vendor.id}`, { token: vendor.token })
    expect(own.body.data.map((p) => [p.ProductID, p.IsActive])).toEqual([
      [inactive.ProductID, false],
      [active.ProductID, true],
    ])
    for (const token of [undefined, other.token]) {
      const seen = await call<ProductDTO[]>('GET', `/api/products/getProductByVendor/${vendor.id}`, { token })
      expect(seen.body.data.map((p) => p.ProductID)).toEqual([active.ProductID])
    }
  })

  it('shows one product to anyone, and an inactive one only to its vendor', async () => {
    const vendor = await makeVendor()
    const other = await makeVendor()
    const product = await makeProduct(vendor)

    const visitor = await getProduct(product.ProductID)
    expect(visitor.status).toBe(200)
    expect(visitor.body.data).toMatchObject({ ProductID: product.ProductID, Vendor: { VendorName: 'Asha Textiles' } })

    await call('PUT', `/api/products/status/${product.ProductID}`, { token: vendor.token })
    expect((await getProduct(product.ProductID)).status).toBe(404)
    expect((await getProduct(product.ProductID, other.token)).status).toBe(404)
    const owner = await getProduct(product.ProductID, vendor.token)
    expect(owner.status).toBe(200)
    expect(owner.body.data.IsActive).toBe(false)
  })

  it('answers 404 for a missing or malformed id', async () => {
    expect((await getProduct(999_999)).body).toEqual({ statusCode: 0, message: 'Product not found', data: null })
    const malformed = await call('GET', '/api/products/abc')
    expect(malformed.status).toBe(404)
    expect(malformed.body.message).toBe('Product not found')
  })

  it("gives an influencer their own affiliate link on each product, and nobody else's", async () => {
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor)
    const res = await getProduct(product.ProductID, marketer.token)
    expect(res.body.data.Link).toBe(`http://collabkart.test/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=${marketer.id}`)
    expect((await getProduct(product.ProductID)).body.data.Link).toBeNull()
    expect((await getProduct(product.ProductID, vendor.token)).body.data.Link).toBeNull()
  })
})

describe('PUT /api/products/update/{productId}', () => {
  const update = (vendor: SignedInVendor, id: number, fields: Record<string, string | undefined>, images: File[] = []) =>
    call<ProductDTO>('PUT', `/api/products/update/${id}`, {
      token: vendor.token,
      form: productForm({ VendorID: String(vendor.id), ...fields }, images),
    })

  it('saves the fields and recomputes the commission', async () => {
    const vendor = await makeVendor()
    const product = await makeProduct(vendor)
    const res = await update(vendor, product.ProductID, {
      ProductName: 'Kurta – Madder Red',
      Price: '2000',
      CommissionType: 'Percentage',
      CommissionValue: '12.5',
      SKU: product.SKU,
      Category: 'Shoes',
      product_link: '',
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      ProductName: 'Kurta – Madder Red',
      Price: '2000.00',
      CommissionType: 'Percentage',
      CommissionAmount: 250,
      Category: 'Shoes',
      product_link: null,
      ImageURL: product.ImageURL,
    })
    expect((await getProduct(product.ProductID)).body.data.CommissionAmount).toBe(250)
  })

  it.each([
    [{ ProductName: '' }, 'Please Enter Product Name'],
    [{ Price: '' }, 'Please enter Price'],
    [{ CommissionType: '' }, 'Please enter Commission Type'],
    [{ CommissionValue: '' }, 'Please enter Commission Value'],
    [{ CommissionValue: '2000' }, 'Commission should not be greater than the price!'],
    [{ CommissionType: 'Percentage', CommissionValue: '100' }, 'Percentage should not be greater than the price!'],
    [{ SKU: '' }, 'Please enter SKU'],
    [{ Description: '' }, 'Please enter Description'],
    [{ Price: '', SKU: '' }, 'Please enter Price'],
  ])('refuses %j with the spec message and changes nothing', async (fields, message) => {
    const vendor = await makeVendor()
    const product = await makeProduct(vendor)
    const res = await update(vendor, product.ProductID, { SKU: product.SKU, ...fields })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
    expect((await getProduct(product.ProductID)).body.data).toEqual(product)
  })

  it('does not ask for images, and appends any that are sent, up to 5 in all', async () => {
    const vendor = await makeVendor()
    const product = await makeProduct(vendor, {}, [imageFile(PNG), imageFile(PNG)])
    const added = await update(vendor, product.ProductID, { SKU: product.SKU }, [imageFile(GIF)])
    expect(added.status).toBe(200)
    const paths = added.body.data.ImageURL.split(',')
    expect(paths.slice(0, 2)).toEqual(product.ImageURL.split(','))
    expect(paths[2]).toMatch(/\.gif$/)

    const before = await productObjects()
    const tooMany = await update(vendor, product.ProductID, { SKU: product.SKU, ProductName: 'Renamed' }, [imageFile(PNG), imageFile(PNG), imageFile(PNG)])
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toBe('You can upload up to 5 images only')
    expect(await productObjects()).toEqual(before)
    expect((await getProduct(product.ProductID)).body.data.ProductName).toBe(product.ProductName)
  })

  it('refuses an SKU the vendor already uses on another product', async () => {
    const vendor = await makeVendor()
    const first = await makeProduct(vendor, { SKU: 'TAKEN-1' })
    const second = await makeProduct(vendor)
    const res = await update(vendor, second.ProductID, { SKU: 'TAKEN-1' })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('You already have a product with this SKU')
    expect((await update(vendor, first.ProductID, { SKU: 'TAKEN-1', ProductName: 'Same SKU is fine' })).status).toBe(200)
  })

  it("refuses another vendor's edit, and an influencer's, and changes nothing", async () => {
    const owner = await makeVendor()
    const intruder = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(owner)
    const form = () => productForm({ SKU: product.SKU, ProductName: 'Hijacked' }, [imageFile(PNG)])

    const res = await call('PUT', `/api/products/update/${product.ProductID}`, { token: intruder.token, form: form() })
    expect(res.status).toBe(403)
    const asMarketer = await call('PUT', `/api/products/update/${product.ProductID}`, { token: marketer.token, form: form() })
    expect(asMarketer.status).toBe(403)
    const anonymous = await call('PUT', `/api/products/update/${product.ProductID}`, { form: form() })
    expect(anonymous.status).toBe(401)
    expect((await getProduct(product.ProductID)).body.data).toEqual(product)
  })

  it('answers 404 for a product that does not exist', async () => {
    const vendor = await makeVendor()
    const res = await update(vendor, 987_654, {})
    expect(res.status).toBe(404)
  })
})

describe('product images', () => {
  it('adds images with update-images, up to 5 in all', async () => {
    const vendor = await makeVendor()
    const product = await makeProduct(vendor)
    const form = new FormData()
    form.append('images', imageFile(JPEG))
    form.append('images', imageFile(WEBP))
    const res = await call<ProductDTO>('PUT', `/api/products/update-images/${product.ProductID}`, { token: vendor.token, form })
    expect(res.status).toBe(200)
    expect(res.body.data.ImageURL.split(',')).toHaveLength(3)
    expect(res.body.data.ImageURL.startsWith(product.ImageURL)).toBe(true)

    const three = new FormData()
    for (let i = 0; i < 3; i++) three.append('images', imageFile(PNG))
    const over = await call('PUT', `/api/products/update-images/${product.ProductID}`, { token: vendor.token, form: three })
    expect(over.status).toBe(400)
    expect(over.body.message).toBe('You can upload up to 5 images only')

    const empty = await call('PUT', `/api/products/update-images/${product.ProductID}`, { token: vendor.token, form: new FormData() })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('Please select at least one image')
  })

  it('refuses a non-image in update-images and keeps the product as it was', async () => {
    const vendor = await makeVendor()
    const product = await makeProduct(vendor)
    const before = await productObjects()
    const form = new FormData()
    form.append('images', imageFile(PNG))
    form.append('images', imageFile(FAKE_PNG))
    const res = await call('PUT', `/api/products/update-images/${product.ProductID}`, { token: vendor.token, form })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(NOT_AN_IMAGE)
    expect(await productObjects()).toEqual(before)
    expect((await getProduct(product.ProductID)).body.data.ImageURL).toBe(product.ImageURL)
  })

  it("refuses another vendor's update-images", async () => {
    const owner = await makeVendor()
    const intruder = await makeVendor()
    const product = await makeProduct(owner)
    const form = new FormData()
    form.append('images', imageFile(PNG))
    const res = await call('PUT', `/api/products/update-images/${product.ProductID}`, { token: intruder.token, form })
    expect(res.status).toBe(403)
    expect((await getProduct(product.ProductID)).body.data.ImageURL).toBe(product.ImageURL)
  })

  it('deletes chosen images from the product and from R2, but never the last one', async () => {
    const vendor = await makeVendor()
    const product = await makeProduct(vendor, {}, [imageFile(PNG), imageFile(JPEG), imageFile(GIF)])
    const [keep, drop1, drop2] = product.ImageURL.split(',')
    const res = await call<ProductDTO>('DELETE', `/api/products/delete-images/${product.ProductID}`, {
      token: vendor.token,
      json: { images: [drop1, `/media/${drop2}`] },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.ImageURL).toBe(keep)
    expect(await env.MEDIA.head(drop1)).toBeNull()
    expect(await env.MEDIA.head(drop2)).toBeNull()
    expect(await env.MEDIA.head(keep)).not.toBeNull()

    const last = await call('DELETE', `/api/products/delete-images/${product.ProductID}`, {
      token: vendor.token,
      json: { images: [keep] },
    })
    expect(last.status).toBe(400)
    expect(last.body.message).toBe('A product needs at least one image')
    expect(await env.MEDIA.head(keep)).not.toBeNull()
  })

  it("refuses to delete an image that is not the product's, or another vendor's images", async () => {
    const owner = await makeVendor()
    const intruder = await makeVendor()
    const product = await makeProduct(owner, {}, [imageFile(PNG), imageFile(PNG)])
    const elsewhere = await makeProduct(owner)
    const [first] = product.ImageURL.split(',')

    const foreign = await call('DELETE', `/api/products/delete-images/${product.ProductID}`, {
      token: owner.token,
      json: { images: [elsewhere.ImageURL] },
    })
    expect(foreign.status).toBe(400)
    expect(foreign.body.message).toBe('This image does not belong to the product')
    expect(await env.MEDIA.head(elsewhere.ImageURL)).not.toBeNull()

    const stolen = await call('DELETE', `/api/products/delete-images/${product.ProductID}`, {
      token: intruder.token,
      json: { images: [first] },
    })
    expect(stolen.status).toBe(403)
    expect(await env.MEDIA.head(first)).not.toBeNull()
    expect((await getProduct(product.ProductID)).body.data.ImageURL).toBe(product.ImageURL)

    const empty = await call('DELETE', `/api/products/delete-images/${product.ProductID}`, { token: owner.token, json: { images: [] } })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('Please select at least one image')
  })
})

describe('two image changes at once', () => {
  it('refuses the second write made from a stale read instead of dropping the first one’s images', async () => {
    const vendor = await makeVendor()
    const product = await makeProduct(vendor)
    const d = makeDb(env.DB)
    const stale = await findProduct(d, product.ProductID)
    if (!stale) throw new Error('product missing')

    const form = new FormData()
    form.append('images', imageFile(GIF))
    const first = await call<ProductDTO>('PUT', `/api/products/update-images/${product.ProductID}`, { token: vendor.token, form })
    expect(first.status).toBe(200)

    await expect(setProductImages(d, stale, [...stale.Images, 'products/late.png'])).rejects.toMatchObject({ code: 'conflict' })
    expect((await getProduct(product.ProductID)).body.data.ImageURL).toBe(first.body.data.ImageURL)
  })
})

describe('DELETE /api/products/{id}', () => {
  it('deletes the product and its images in R2', async () => {
    const vendor = await makeVendor()
    const product = await makeProduct(vendor, {}, [imageFile(PNG), imageFile(JPEG)])
    const res = await call('DELETE', `/api/products/${product.ProductID}`, { token: vendor.token })
    expect(res.status).toBe(200)
    expect(res.body.statusCode).toBe(1)
    expect((await getProduct(product.ProductID, vendor.token)).status).toBe(404)
    for (const path of product.ImageURL.split(',')) expect(await env.MEDIA.head(path)).toBeNull()
  })

  it("refuses another vendor's delete and keeps product and images", async () => {
    const owner = await makeVendor()
    const intruder = await makeVendor()
    const product = await makeProduct(owner)
    expect((await call('DELETE', `/api/products/${product.ProductID}`, { token: intruder.token })).status).toBe(403)
    expect((await call('DELETE', `/api/products/${product.ProductID}`)).status).toBe(401)
    expect((await getProduct(product.ProductID)).status).toBe(200)
    expect(await env.MEDIA.head(product.ImageURL)).not.toBeNull()
  })
})

describe('PUT /api/products/status/{id}', () => {
  it('toggles the product between active and inactive', async () => {
    const vendor = await makeVendor()
    const product = await makeProduct(vendor)
    const off = await call<ProductDTO>('PUT', `/api/products/status/${product.ProductID}`, { token: vendor.token })
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({ message: 'Product deactivated', data: { IsActive: false } })
    const on = await call<ProductDTO>('PUT', `/api/products/status/${product.ProductID}`, { token: vendor.token })
    expect(on.body).toMatchObject({ message: 'Product activated', data: { IsActive: true } })
  })

  it("refuses another vendor's toggle and changes nothing", async () => {
    const owner = await makeVendor()
    const intruder = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(owner)
    expect((await call('PUT', `/api/products/status/${product.ProductID}`, { token: intruder.token })).status).toBe(403)
    expect((await call('PUT', `/api/products/status/${product.ProductID}`, { token: marketer.token })).status).toBe(403)
    expect((await call('PUT', `/api/products/status/${product.ProductID}`)).status).toBe(401)
    expect((await getProduct(product.ProductID)).body.data.IsActive).toBe(true)
  })
})

describe('GET /api/affiliate/product-links', () => {
  it("lists every active product with the calling influencer's link", async () => {
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const active = await makeProduct(vendor)
    const inactive = await makeProduct(vendor)
    await call('PUT', `/api/products/status/${inactive.ProductID}`, { token: vendor.token })

    const res = await call<ProductDTO[]>('GET', `/api/affiliate/product-links?marketerId=${marketer.id}`, { token: marketer.token })
    expect(res.status).toBe(200)
    const ids = res.body.data.map((p) => p.ProductID)
    expect(ids).toContain(active.ProductID)
    expect(ids).not.toContain(inactive.ProductID)
    for (const p of res.body.data) {
      expect(p.Link).toBe(`http://collabkart.test/affiliate/track?productId=${p.ProductID}&vendorId=${p.VendorID}&marketerId=${marketer.id}`)
    }
  })

  // Links were built from the Host header.
  describe('with PUBLIC_ORIGIN configured', () => {
    const fetchAs = async (path: string, host: string, token: string, publicOrigin: string | undefined) => {
      const request = new Request(`http://${host}${path}`, { headers: { host, authorization: `Bearer ${token}` } })
      const res = await worker.fetch(request, { ...env, PUBLIC_ORIGIN: publicOrigin }, createExecutionContext())
      return (await res.json()) as { data: ProductDTO[] | ProductDTO }
    }

    it('builds every link on the configured address, whatever Host the request names', async () => {
      const vendor = await makeVendor()
      const marketer = await makeMarketer()
      const product = await makeProduct(vendor)
      const expected = `https://collabkart.in/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=${marketer.id}`
      for (const path of [`/api/affiliate/product-links?marketerId=${marketer.id}`, '/api/products', `/api/products/getProductByVendor/${vendor.id}`]) {
        const list = (await fetchAs(path, 'evil.example', marketer.token, 'https://collabkart.in/')).data as ProductDTO[]
        expect(list.find((p) => p.ProductID === product.ProductID)?.Link, path).toBe(expected)
      }
      const one = (await fetchAs(`/api/products/${product.ProductID}`, 'evil.example', marketer.token, ' https://collabkart.in ')).data as ProductDTO
      expect(one.Link).toBe(expected)
    })

    // A deployed Worker refuses instead: tests/worker/public-origin.test.ts.
    it("uses the request's own origin in a local run (ALLOW_HOST_ORIGIN) when PUBLIC_ORIGIN is blank, unset or not an address", async () => {
      const vendor = await makeVendor()
      const marketer = await makeMarketer()
      const product = await makeProduct(vendor)
      expect(env.ALLOW_HOST_ORIGIN).toBe('1')
      for (const configured of ['', undefined, 'collabkart dot in']) {
        const one = (await fetchAs(`/api/products/${product.ProductID}`, 'localhost:3000', marketer.token, configured)).data as ProductDTO
        expect(one.Link, String(configured)).toMatch(/^http:\/\/localhost:3000\/affiliate\/track\?/)
      }
    })
  })

  it("refuses another influencer's id, a vendor and a visitor", async () => {
    const marketer = await makeMarketer()
    const other = await makeMarketer()
    const vendor = await makeVendor()
    const path = `/api/affiliate/product-links?marketerId=${other.id}`
    expect((await call('GET', path, { token: marketer.token })).status).toBe(403)
    expect((await call('GET', path, { token: vendor.token })).status).toBe(403)
    expect((await call('GET', path)).status).toBe(401)
    const malformed = await call('GET', '/api/affiliate/product-links?marketerId=abc', { token: marketer.token })
    expect(malformed.status).toBe(400)
  })
})
