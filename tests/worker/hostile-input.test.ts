// Input nobody's form would send: broken or non-object JSON, the wrong body type, absurd ids and
// numbers, wrong value types, huge strings. Every answer is a 4xx envelope with a message that
// says what is wrong; never a 500.

import { exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ProductDTO } from '../../worker/contract/product'
import { ORIGIN } from '../helpers/api'
import { freshIp, leadForm, makeMarketer, makeProduct, makeVendor, productForm, type SignedInMarketer, type SignedInVendor } from '../helpers/factories'
import { imageFile, PNG } from '../helpers/images'

let vendor: SignedInVendor
let marketer: SignedInMarketer
let product: ProductDTO

beforeAll(async () => {
  ;[vendor, marketer] = await Promise.all([makeVendor(), makeMarketer()])
  product = await makeProduct(vendor)
})

type Raw = { status: number; body: Record<string, unknown> }

/** A request with exactly the bytes and content type given (the `call` helper always sends valid JSON). */
async function send(method: string, path: string, init: { body?: BodyInit; type?: string; token?: string } = {}): Promise<Raw> {
  const headers = new Headers({ 'cf-connecting-ip': freshIp() })
  if (init.type) headers.set('content-type', init.type)
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  const res = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { method, headers, body: init.body }))
  const text = await res.text()
  let body: Record<string, unknown>
  try {
    body = JSON.parse(text) as Record<string, unknown>
  } catch {
    throw new Error(`${method} ${path} answered ${res.status} with non-JSON: ${text.slice(0, 120)}`)
  }
  return { status: res.status, body }
}

const json = (value: unknown) => ({ body: typeof value === 'string' ? value : JSON.stringify(value), type: 'application/json' })

function expectRefused(res: Raw, status: number, message: string, label = '') {
  expect(res.status, label).toBe(status)
  expect(res.body, label).toMatchObject({ statusCode: 0, message, data: null })
}

/** The JSON routes, each as its rightful caller would call it. */
const jsonRoutes = (): Array<[string, string, string | undefined]> => [
  ['POST', '/api/vendors/register', undefined],
  ['POST', '/api/vendors/login', undefined],
  ['POST', '/api/marketers/register', undefined],
  ['POST', '/api/marketers/login', undefined],
  ['PUT', `/api/vendors/${vendor.id}`, vendor.token],
  ['PUT', `/api/marketers/${marketer.id}`, marketer.token],
  ['PUT', `/api/marketers/social-media/${marketer.id}`, marketer.token],
  ['DELETE', `/api/products/delete-images/${product.ProductID}`, vendor.token],
  ['POST', '/api/leads/create', undefined],
  ['PUT', '/api/leads/status/1', vendor.token],
]

const multipartRoutes = (): Array<[string, string, string]> => [
  ['POST', '/api/products', vendor.token],
  ['PUT', `/api/products/update/${product.ProductID}`, vendor.token],
  ['PUT', `/api/products/update-images/${product.ProductID}`, vendor.token],
  ['POST', `/api/vendors/upload/vendor-profile/${vendor.id}`, vendor.token],
  ['POST', `/api/marketers/upload/marketer-profile/${marketer.id}`, marketer.token],
]

describe('JSON bodies', () => {
  it('refuses a body that does not parse', async () => {
    for (const [method, path, token] of jsonRoutes()) {
      for (const broken of ['{', '{"Email": ', '']) {
        const res = await send(method, path, { ...json(broken), token })
        // PUT leads/status/1 names no lead of this vendor: the 404 comes before the body is read.
        if (path === '/api/leads/status/1') expectRefused(res, 404, 'Lead not found')
        else expectRefused(res, 400, 'Malformed JSON in request body', `${method} ${path} ${broken}`)
      }
    }
  })

  it('refuses null, a list, a string, a number or a boolean where an object belongs', async () => {
    for (const [method, path, token] of jsonRoutes().filter(([, p]) => p !== '/api/leads/status/1')) {
      for (const value of ['null', '[]', '[{"Email":"a@b.in"}]', '"text"', '42', 'true']) {
        const res = await send(method, path, { ...json(value), token })
        expectRefused(res, 400, 'Send the request body as a JSON object', `${method} ${path} ${value}`)
      }
    }
  })

  it('refuses a JSON route called without a JSON content type, or with a multipart form', async () => {
    for (const [method, path, token] of jsonRoutes().filter(([, p]) => p !== '/api/leads/status/1')) {
      const form = new FormData()
      form.append('Email', 'a@b.in')
      for (const init of [{ body: '{}' }, { body: '{}', type: 'text/plain' }, { body: form }]) {
        const res = await send(method, path, { ...init, token })
        expectRefused(res, 400, 'Send the request body as JSON', `${method} ${path}`)
      }
    }
  })
})

describe('multipart bodies', () => {
  it('refuses JSON, plain text and a broken multipart body on the upload routes', async () => {
    for (const [method, path, token] of multipartRoutes()) {
      expectRefused(await send(method, path, { ...json({ images: [] }), token }), 400, 'Send the request body as multipart/form-data', path)
      expectRefused(await send(method, path, { body: 'x', type: 'text/plain', token }), 400, 'Send the request body as multipart/form-data', path)
      expectRefused(await send(method, path, { body: 'not a form', type: 'multipart/form-data; boundary=zz', token }), 400, 'Malformed multipart body', path)
    }
  })

  it('treats a text field named images as no image at all', async () => {
    const create = productForm({ VendorID: String(vendor.id), SKU: 'HOSTILE-TEXT' }, [])
    create.append('images', 'not a file')
    expectRefused(await send('POST', '/api/products', { body: create, token: vendor.token }), 400, 'Please select at least one image')

    const update = productForm({ ProductName: 'Renamed Kurta', SKU: product.SKU }, [])
    update.append('images', 'not a file')
    const res = await send('PUT', `/api/products/update/${product.ProductID}`, { body: update, token: vendor.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ ProductName: 'Renamed Kurta', ImageURL: product.ImageURL })
  })

  it('reads a file sent in a text field as a missing value', async () => {
    const form = productForm({ VendorID: String(vendor.id), SKU: 'HOSTILE-FILE', ProductName: undefined })
    form.append('ProductName', imageFile(PNG))
    expectRefused(await send('POST', '/api/products', { body: form, token: vendor.token }), 400, 'Please Enter Product Name')
  })

  it.each([
    ['1e308', 'Price should be a positive number'],
    ['99999999999999999999', 'Price should be a positive number'],
    ['-1', 'Price should be a positive number'],
    ['1.5e2', 'Price should be a positive number'],
    ['१२३', 'Price should be a positive number'],
    ['Infinity', 'Price should be a positive number'],
  ])('refuses the price %s with the price message', async (price, message) => {
    const form = productForm({ VendorID: String(vendor.id), SKU: `HOSTILE-${price}`, Price: price })
    expectRefused(await send('POST', '/api/products', { body: form, token: vendor.token }), 400, message)
  })

  it('refuses a VendorID that is not the caller, however it is written', async () => {
    for (const sent of ['abc', '-1', '1e3', String(vendor.id + 1000)]) {
      const form = productForm({ VendorID: sent, SKU: `HOSTILE-V${sent}` })
      expectRefused(await send('POST', '/api/products', { body: form, token: vendor.token }), 403, 'You are not allowed to do this', sent)
    }
  })
})

describe('ids in paths and queries', () => {
  const HOSTILE_IDS = ['1e308', '99999999999999999999', '-1', '0', '1.5', 'abc', '%ZZ', '%00', 'x'.repeat(3000)]

  it('answers 404 for a public lookup by an id that cannot exist', async () => {
    for (const id of HOSTILE_IDS) {
      expectRefused(await send('GET', `/api/products/${id}`), 404, 'Product not found', id)
      expectRefused(await send('GET', `/api/vendors/${id}`), 404, 'Vendor not found', id)
      expectRefused(await send('GET', `/api/products/getProductByVendor/${id}`), 404, 'Vendor not found', id)
      const profile = await send('GET', `/api/marketers/social-media/${id}`)
      expect(profile.status, id).toBe(404)
      expect(profile.body, id).toMatchObject({ success: false, statusCode: 0, message: 'Influencer not found' })
    }
  })

  it('never answers 500 to an id that cannot exist on a guarded route', async () => {
    const paths = (id: string): Array<[string, string, string]> => [
      ['PUT', `/api/products/status/${id}`, vendor.token],
      ['DELETE', `/api/products/${id}`, vendor.token],
      ['PUT', `/api/leads/status/${id}`, vendor.token],
      ['GET', `/api/vendors/analytics/${id}`, vendor.token],
      ['GET', `/api/leads/leadsbyvendorid/${id}`, vendor.token],
      ['GET', `/api/marketers/analytics/${id}`, marketer.token],
      ['GET', `/api/marketers/${id}`, marketer.token],
      ['GET', `/api/affiliate/product-links?marketerId=${id}`, marketer.token],
    ]
    for (const id of HOSTILE_IDS) {
      for (const [method, path, token] of paths(id)) {
        const res = await send(method, path, method === 'GET' ? { token } : { ...json({ Status: 'Lost' }), token })
        expect([400, 403, 404], `${method} ${path.slice(0, 60)}`).toContain(res.status)
        expect(res.body.statusCode).toBe(0)
        expect(typeof res.body.message).toBe('string')
      }
    }
  })

  it('refuses a tracking link with ids that cannot exist', async () => {
    for (const id of HOSTILE_IDS) {
      const res = await send('POST', `/api/affiliate/track/impression?productId=${id}&vendorId=${id}&marketerId=${id}`)
      expectRefused(res, 400, 'Invalid tracking link', id)
    }
  })

  it('answers 404 to a media path that does not decode', async () => {
    for (const path of ['/media/%ZZ', '/media/products/%E0%A4%A.png', '/media/%00']) {
      const res = await exports.default.fetch(new Request(`${ORIGIN}${path}`))
      expect(res.status, path).toBe(404)
    }
  })
})

// Long, but under the 64 KB body limit, so the field's own rule answers.
const LONG = 'x'.repeat(60_000)

/** A short name for a case whose value may be 60,000 characters long. */
const named = <T extends unknown[]>(override: Record<string, unknown>, ...rest: T): [string, Record<string, unknown>, ...T] => [
  JSON.stringify(override).slice(0, 60),
  override,
  ...rest,
]

describe('wrong value types in JSON', () => {
  it.each([
    named({ ProductID: 1e308 }, 400, 'This product link is not valid'),
    named({ ProductID: '99999999999999999999' }, 400, 'This product link is not valid'),
    named({ VendorID: -1 }, 400, 'This product link is not valid'),
    named({ MarketerID: 1.5 }, 400, 'This product link is not valid'),
    named({ ProductID: { id: 1 } }, 400, 'This product link is not valid'),
    named({ ProductID: true }, 400, 'This product link is not valid'),
    named({ ClientName: 5 }, 400, 'Please Enter Your Name'),
    named({ ClientName: ['Kiran'] }, 400, 'Please Enter Your Name'),
    named({ ClientName: LONG }, 400, 'Name should be less than 50 characters.'),
    named({ ClientPhone: 9876543210 }, 400, 'Please Enter Your Mobile Number'),
    named({ ClientPhone: '９８７６５４３２１０' }, 400, 'Mobile number should be exactly 10 digits'),
    named({ ClientEmail: 5 }, 400, 'Invalid email format'),
    named({ ClientEmail: `${LONG}@example.in` }, 400, 'Invalid email format'),
    named({ MarketerID: 99_999_999 }, 404, 'This product is no longer available'),
  ])('the buy form refuses %s', async (_name, override, status, message) => {
    const body = leadForm(product, marketer, override)
    expectRefused(await send('POST', '/api/leads/create', json(body)), status, message)
  })

  it.each([
    named({ InstagramFollowers: 1e308 }, 'Follower counts should be less than 10,000,000,000.'),
    named({ InstagramFollowers: '99999999999999999999' }, 'Follower counts should be less than 10,000,000,000.'),
    named({ InstagramFollowers: -1 }, 'Follower counts cannot be negative.'),
    named({ Bio: 5 }, 'Bio should be text.'),
    named({ Bio: LONG }, 'Bio should be at most 1000 characters.'),
    named({ PreviewImage1: 5 }, 'Preview images should be sent as data URLs.'),
    named({ PreviewImage1: 'data:image/png;base64,@@@' }, 'Only JPEG, PNG, WebP or GIF images are allowed'),
    named({ PreviewImage1: 'previews/../../secrets.png' }, 'Preview images should be new images or ones already on your profile.'),
  ])('the social media setup refuses %s', async (_name, override, message) => {
    const res = await send('PUT', `/api/marketers/social-media/${marketer.id}`, { ...json(override), token: marketer.token })
    expectRefused(res, 400, message)
  })

  it('the vendor profile refuses a VendorID that is not a plain id with 403', async () => {
    for (const VendorID of [[vendor.id], { id: vendor.id }, true, 'abc']) {
      const body = { VendorName: 'Asha', Mobile: '9876543210', Email: vendor.email, VendorID }
      const res = await send('PUT', `/api/vendors/${vendor.id}`, { ...json(body), token: vendor.token })
      expectRefused(res, 403, 'You are not allowed to do this', JSON.stringify(VendorID))
    }
  })

  it('sign-in refuses wrongly typed fields with the form messages', async () => {
    expectRefused(await send('POST', '/api/vendors/login', json({ Email: 5, Password: 'x' })), 400, 'Please enter your email.')
    expectRefused(await send('POST', '/api/vendors/login', json({ Email: 'a@b.in', Password: 5 })), 400, 'Please enter your password.')
    expectRefused(
      await send('POST', '/api/marketers/register', json({ MarketerName: 'Riya', MobileNumber: 9123456780, Email: 'r@x.in', Password: 'secret-12' })),
      400,
      'Please enter your mobile',
    )
  })
})

// An email pattern that backtracked let one anonymous request hold the Worker for
// seconds. Bodies over a route's size are refused before they are read; fields are cut to their
// length before any pattern runs.
describe('oversized bodies and fields', () => {
  const MB = 1024 * 1024
  const JSON_TOO_LARGE = 'Request body is too large (at most 64 KB).'
  /** The audit's payload, grown to a megabyte: "a@a.a.a. … @" (quadratic for the old pattern). */
  const hugeEmail = `a@${'a.'.repeat(MB / 2)}@`
  const hugeName = 'N'.repeat(MB)

  /** The register, login and profile routes with a valid body whose `field` is replaced. */
  const accountRoutes = (): Array<[string, string, Record<string, unknown>, string | undefined]> => [
    ['POST', '/api/vendors/register', { VendorName: 'Asha', MobileNumber: '9876543210', Email: 'a@b.in', Password: 'secret-12' }, undefined],
    ['POST', '/api/marketers/register', { MarketerName: 'Riya', MobileNumber: '9123456780', Email: 'r@b.in', Password: 'secret-12' }, undefined],
    ['POST', '/api/vendors/login', { Email: 'a@b.in', Password: 'secret-12' }, undefined],
    ['POST', '/api/marketers/login', { Email: 'r@b.in', Password: 'secret-12' }, undefined],
    ['PUT', `/api/vendors/${vendor.id}`, { VendorName: 'Asha', Mobile: '9876543210', Email: vendor.email }, vendor.token],
    ['PUT', `/api/marketers/${marketer.id}`, { MarketerName: 'Riya', MobileNumber: '9123456780', Email: marketer.email }, marketer.token],
  ]
  const nameField = (path: string) => (path.includes('vendors') ? 'VendorName' : 'MarketerName')

  it('answers 413 at once to a 1 MB email on the register, login and profile routes', async () => {
    for (const [method, path, body, token] of accountRoutes()) {
      const res = await send(method, path, { ...json({ ...body, Email: hugeEmail }), token })
      expectRefused(res, 413, JSON_TOO_LARGE, `${method} ${path}`)
    }
  })

  it('answers 413 at once to a 1 MB name on the register and profile routes', async () => {
    for (const [method, path, body, token] of accountRoutes().filter(([, p]) => !p.endsWith('/login'))) {
      const res = await send(method, path, { ...json({ ...body, [nameField(path)]: hugeName }), token })
      expectRefused(res, 413, JSON_TOO_LARGE, `${method} ${path}`)
    }
  })

  it('refuses an address longer than any email with the format message, below the body limit', async () => {
    const long = `a@${'a.'.repeat(20_000)}@` // 40 KB: under the body limit, so the field rule answers
    const messages: Record<string, string> = {
      '/api/marketers/register': 'Invalid email format',
    }
    for (const [method, path, body, token] of accountRoutes()) {
      const res = await send(method, path, { ...json({ ...body, Email: long }), token })
      expectRefused(res, 400, messages[path] ?? 'Invalid email format.', `${method} ${path}`)
    }
  })

  it('answers 413 to every JSON route over 64 KB from a caller it lets in, before the body is read', async () => {
    for (const [method, path, token] of jsonRoutes().filter(([, p]) => !p.includes('/social-media/'))) {
      const res = await send(method, path, { ...json({ padding: 'x'.repeat(70 * 1024) }), token })
      expectRefused(res, 413, JSON_TOO_LARGE, `${method} ${path}`)
    }
  })

  it('counts a streamed body without Content-Length and cuts it off at the limit', async () => {
    const chunk = new TextEncoder().encode(`{"Email":"${'a'.repeat(16 * 1024)}`)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 64) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const res = await send('POST', '/api/vendors/login', { body, type: 'application/json' })
    expectRefused(res, 413, JSON_TOO_LARGE)
  })

  it('lets the setup form carry three preview images, and refuses more than that can weigh', async () => {
    const ok = await send('PUT', `/api/marketers/social-media/${marketer.id}`, {
      ...json({ Bio: 'x'.repeat(200 * 1024) }),
      token: marketer.token,
    })
    expectRefused(ok, 400, 'Bio should be at most 1000 characters.')
    const res = await send('PUT', `/api/marketers/social-media/${marketer.id}`, {
      ...json({ PreviewImage1: `data:image/png;base64,${'A'.repeat(21 * MB)}` }),
      token: marketer.token,
    })
    expectRefused(res, 413, 'Request body is too large (at most 20.1 MB).')
  })

  it('refuses an upload bigger than its images may be in all, and keeps the per-image message below that', async () => {
    const big = (bytes: number) => imageFile(Object.assign(new Uint8Array(bytes), { 0: 0x89 }))
    const picture = new FormData()
    picture.append('VendorProfilePic', big(6 * MB))
    expectRefused(
      await send('POST', `/api/vendors/upload/vendor-profile/${vendor.id}`, { body: picture, token: vendor.token }),
      413,
      'Request body is too large (at most 5.1 MB).',
    )
    const tooMany = productForm(
      { VendorID: String(vendor.id), SKU: 'HOSTILE-BIG' },
      Array.from({ length: 6 }, () => big(5 * MB)),
    )
    expectRefused(await send('POST', '/api/products', { body: tooMany, token: vendor.token }), 413, 'Request body is too large (at most 25.1 MB).')
  })
})
