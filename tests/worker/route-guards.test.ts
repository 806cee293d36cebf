// Every route that needs a caller, swept with every kind of bad token, the wrong role and someone
// else's record: 401/403 in the envelope, and afterwards every record reads as it did before. The
// caller is checked before the body's size and before a path is found to name nothing under /api/admin.

import { env, exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RouteDef } from '../../worker/contract/route'
import { BODY_LIMITS, bodyTooLargeMessage } from '../../worker/middleware/body-limit'
import { API_ROUTES } from '../../worker/openapi'
import type { Role } from '../../worker/types'
import { call, ORIGIN } from '../helpers/api'
import { makeAdmin, makeLead, makeMarketer, makeProduct, makeVendor, productForm, type SignedInMarketer, type SignedInVendor } from '../helpers/factories'
import { imageFile, PNG } from '../helpers/images'
import { badTokens } from '../helpers/tokens'

type Guarded = {
  name: string
  method: string
  path: () => string
  /** Whose record the route acts on; `any` routes only need a signed-in caller. */
  owner: Role | 'any'
  json?: () => unknown
  form?: () => FormData
}

let vendor: SignedInVendor
let otherVendor: SignedInVendor
let marketer: SignedInMarketer
let otherMarketer: SignedInMarketer
let productId = 0
let imagePath = ''
let leadId = 0

const pictureForm = (field: string, idField: string, id: number) => {
  const form = new FormData()
  form.append(idField, String(id))
  form.append(field, imageFile(PNG))
  return form
}

const ROUTES: Guarded[] = [
  {
    name: 'vendor profile update',
    method: 'PUT',
    path: () => `/api/vendors/${vendor.id}`,
    owner: 'vendor',
    json: () => ({ VendorName: 'Taken Over', Mobile: '9000000000', Email: 'x@evil.in', VendorID: vendor.id }),
  },
  {
    name: 'vendor picture upload',
    method: 'POST',
    path: () => `/api/vendors/upload/vendor-profile/${vendor.id}`,
    owner: 'vendor',
    form: () => pictureForm('VendorProfilePic', 'VendorID', vendor.id),
  },
  { name: 'vendor analytics', method: 'GET', path: () => `/api/vendors/analytics/${vendor.id}`, owner: 'vendor' },
  {
    name: 'product create for the vendor',
    method: 'POST',
    path: () => '/api/products',
    owner: 'vendor',
    form: () => productForm({ VendorID: String(vendor.id), SKU: 'GUARD-NEW' }),
  },
  {
    name: 'product update',
    method: 'PUT',
    path: () => `/api/products/update/${productId}`,
    owner: 'vendor',
    form: () => productForm({ ProductName: 'Taken Over', SKU: 'GUARD-1' }),
  },
  {
    name: 'product images add',
    method: 'PUT',
    path: () => `/api/products/update-images/${productId}`,
    owner: 'vendor',
    form: () => productForm({}, [imageFile(PNG)]),
  },
  {
    name: 'product images delete',
    method: 'DELETE',
    path: () => `/api/products/delete-images/${productId}`,
    owner: 'vendor',
    json: () => ({ images: [imagePath] }),
  },
  { name: 'product status toggle', method: 'PUT', path: () => `/api/products/status/${productId}`, owner: 'vendor' },
  { name: 'product delete', method: 'DELETE', path: () => `/api/products/${productId}`, owner: 'vendor' },
  { name: "vendor's leads", method: 'GET', path: () => `/api/leads/leadsbyvendorid/${vendor.id}`, owner: 'vendor' },
  { name: 'lead status', method: 'PUT', path: () => `/api/leads/status/${leadId}`, owner: 'vendor', json: () => ({ Status: 'Converted' }) },
  { name: 'marketer record', method: 'GET', path: () => `/api/marketers/${marketer.id}`, owner: 'marketer' },
  {
    name: 'marketer profile update',
    method: 'PUT',
    path: () => `/api/marketers/${marketer.id}`,
    owner: 'marketer',
    json: () => ({ MarketerName: 'Taken Over', MobileNumber: '9000000000', Email: 'y@evil.in' }),
  },
  {
    name: 'marketer social media',
    method: 'PUT',
    path: () => `/api/marketers/social-media/${marketer.id}`,
    owner: 'marketer',
    json: () => ({ InstagramFollowers: 999, Bio: 'Taken over' }),
  },
  { name: 'marketer analytics', method: 'GET', path: () => `/api/marketers/analytics/${marketer.id}`, owner: 'marketer' },
  {
    name: 'marketer picture upload',
    method: 'POST',
    path: () => `/api/marketers/upload/marketer-profile/${marketer.id}`,
    owner: 'marketer',
    form: () => pictureForm('MarketerProfilePic', 'MarketerID', marketer.id),
  },
  { name: "marketer's leads", method: 'GET', path: () => `/api/leads/leadsbymarketerid/${marketer.id}`, owner: 'marketer' },
  { name: 'affiliate links', method: 'GET', path: () => `/api/affiliate/product-links?marketerId=${marketer.id}`, owner: 'marketer' },
  { name: 'own leads', method: 'GET', path: () => '/api/leads/leadsdata', owner: 'any' },
  { name: 'daily analytics', method: 'GET', path: () => '/api/analytics/daily', owner: 'any' },
  { name: 'setup health check', method: 'GET', path: () => '/api/marketers', owner: 'any' },
]

const send = (route: Guarded, token?: string) => call(route.method, route.path(), { token, json: route.json?.(), form: route.form?.() })

/** Everything the routes above could change, read back by the owners. */
async function snapshot() {
  const [product, vendorRow, marketerRow, leads, objects] = await Promise.all([
    call('GET', `/api/products/${productId}`, { token: vendor.token }),
    call('GET', `/api/vendors/${vendor.id}`, { token: vendor.token }),
    call('GET', `/api/marketers/${marketer.id}`, { token: marketer.token }),
    call('GET', `/api/leads/leadsbyvendorid/${vendor.id}`, { token: vendor.token }),
    env.MEDIA.list(),
  ])
  return {
    product: product.body.data,
    vendor: vendorRow.body.data,
    marketer: marketerRow.body.data,
    leads: leads.body.data,
    objects: objects.objects.map((o) => o.key).sort(),
  }
}

beforeAll(async () => {
  ;[vendor, otherVendor, marketer, otherMarketer] = await Promise.all([makeVendor(), makeVendor(), makeMarketer(), makeMarketer()])
  const product = await makeProduct(vendor, {}, [imageFile(PNG), imageFile(PNG)])
  productId = product.ProductID
  imagePath = product.ImageURL.split(',')[1]
  leadId = (await makeLead(product, marketer)).LeadID
})

describe('every guarded route', () => {
  it('answers 401 in the envelope to a missing, expired, forged, unsigned or garbage token, and changes nothing', async () => {
    const before = await snapshot()
    for (const route of ROUTES) {
      const role = route.owner === 'any' ? 'vendor' : route.owner
      const id = role === 'vendor' ? vendor.id : marketer.id
      for (const [kind, token] of await badTokens(role, id)) {
        const res = await send(route, token)
        expect(res.status, `${route.name} with ${kind}`).toBe(401)
        expect(res.body, `${route.name} with ${kind}`).toMatchObject({ statusCode: 0, message: 'Please log in to continue', data: null })
      }
    }
    expect(await snapshot()).toEqual(before)
  })

  it('answers 403 to the other role and to another account of the same role, and changes nothing', async () => {
    const before = await snapshot()
    for (const route of ROUTES.filter((r) => r.owner !== 'any')) {
      const strangers =
        route.owner === 'vendor'
          ? [
              ['a marketer', marketer.token],
              ['another vendor', otherVendor.token],
            ]
          : [
              ['a vendor', vendor.token],
              ['another marketer', otherMarketer.token],
            ]
      for (const [who, token] of strangers) {
        const res = await send(route, token)
        expect(res.status, `${route.name} by ${who}`).toBe(403)
        expect(res.body, `${route.name} by ${who}`).toMatchObject({ statusCode: 0, message: 'You are not allowed to do this', data: null })
      }
    }
    expect(await snapshot()).toEqual(before)
  })

  it('lets the owner through on the same routes (so the refusals above are about the caller)', async () => {
    for (const route of ROUTES.filter((r) => r.method === 'GET')) {
      const token = route.owner === 'marketer' ? marketer.token : vendor.token
      const res = await send(route, token)
      expect(res.status, route.name).toBe(200)
      expect(res.body.statusCode, route.name).toBe(1)
      expect(JSON.stringify(res.body), route.name).not.toMatch(/PasswordHash|pbkdf2/i)
    }
  })
})

describe('public routes that show the owner more', () => {
  it('treat a bad token as no token: no contact details, no inactive product', async () => {
    const hidden = await makeProduct(vendor, {}, [imageFile(PNG)])
    await call('PUT', `/api/products/status/${hidden.ProductID}`, { token: vendor.token })
    for (const [kind, token] of (await badTokens('vendor', vendor.id)).slice(1)) {
      const profile = await call('GET', `/api/vendors/${vendor.id}`, { token })
      expect(profile.status, kind).toBe(200)
      expect(profile.body.data, kind).not.toHaveProperty('Email')
      expect((await call('GET', `/api/products/${hidden.ProductID}`, { token })).status, kind).toBe(404)
      const own = await call<unknown[]>('GET', `/api/products/getProductByVendor/${vendor.id}`, { token })
      expect(
        own.body.data.some((p) => (p as { ProductID: number }).ProductID === hidden.ProductID),
        kind,
      ).toBe(false)
      const influencer = await call<{ marketer: object }>('GET', `/api/marketers/social-media/${marketer.id}`, { token })
      expect(influencer.body.data.marketer, kind).not.toHaveProperty('Email')
    }
    for (const [kind, token] of (await badTokens('marketer', marketer.id)).slice(1)) {
      const influencer = await call<{ marketer: object }>('GET', `/api/marketers/social-media/${marketer.id}`, { token })
      expect(influencer.body.data.marketer, kind).not.toHaveProperty('Email')
    }
  })
})

describe('unknown paths under /api/admin', () => {
  const UNKNOWN: Array<[string, string]> = [
    ['GET', '/api/admin/nothing-here'],
    ['POST', '/api/admin/vendors/1/nothing-here'],
    ['DELETE', '/api/admin/audit'],
    ['GET', '/api/admin/login'],
  ]

  it('answer 401 without a credential, 403 to a vendor or influencer and 404 to an admin, as the known ones do', async () => {
    const admin = await makeAdmin()
    for (const [method, path] of UNKNOWN) {
      const anonymous = await call(method, path)
      expect([anonymous.status, anonymous.body.message], `${method} ${path} without a token`).toEqual([401, 'Please log in to continue'])
      for (const [who, token] of [
        ['a vendor', vendor.token],
        ['an influencer', marketer.token],
      ]) {
        const res = await call(method, path, { token })
        expect([res.status, res.body.message], `${method} ${path} by ${who}`).toEqual([403, 'You are not allowed to do this'])
      }
      const res = await call(method, path, { token: admin.token })
      expect([res.status, res.body.statusCode], `${method} ${path} by an admin`).toEqual([404, 0])
    }
  })
})

describe('a body over the limit sent by the wrong caller', () => {
  /** Every defined route that takes a body and needs a caller, with its path filled in. */
  const guarded = API_ROUTES.filter((def) => def.body && def.access !== 'public' && def.access !== 'optional').map((def) => ({
    def,
    path: def.path.replace(/\{(\w+)\}/g, (_, name: string) => def.params?.[name]?.values?.[0] ?? '1'),
    maxBytes: def.body?.maxBytes ?? BODY_LIMITS.json,
  }))
  const oversized = (def: RouteDef, maxBytes: number): RequestInit => {
    const multipart = def.body !== undefined && 'multipart' in def.body
    return {
      method: def.method.toUpperCase(),
      headers: { 'content-type': multipart ? 'multipart/form-data; boundary=x' : 'application/json' },
      body: new Uint8Array(maxBytes + 1).fill(32),
    }
  }
  const send = async (init: RequestInit, path: string, token?: string) => {
    const headers = new Headers(init.headers)
    if (token) headers.set('authorization', `Bearer ${token}`)
    const res = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }))
    return { status: res.status, body: (await res.json()) as { statusCode: number; message: string } }
  }

  it('is refused for who is calling (401, 403), never for its size (413), on every route', async () => {
    expect(guarded.length).toBeGreaterThan(20)
    const admin = await makeAdmin()
    const tokens: Record<Role, string> = { vendor: vendor.token, marketer: marketer.token, admin: admin.token }
    for (const { def, path, maxBytes } of guarded) {
      const name = `${def.method.toUpperCase()} ${def.path}`
      const init = oversized(def, maxBytes)
      const anonymous = await send(init, path)
      expect([anonymous.status, anonymous.body.statusCode], `${name} without a credential`).toEqual([401, 0])
      if (!Array.isArray(def.access)) continue
      const roles = def.access as readonly Role[]
      for (const role of (['vendor', 'marketer', 'admin'] as const).filter((r) => !roles.includes(r))) {
        const res = await send(init, path, tokens[role])
        expect([res.status, res.body.message], `${name} by a ${role}`).toEqual([403, 'You are not allowed to do this'])
      }
      // The limit still holds for a caller the route lets in.
      const allowed = await send(init, path, tokens[roles[0]])
      expect([allowed.status, allowed.body.message], `${name} by a ${roles[0]}`).toEqual([413, bodyTooLargeMessage(maxBytes)])
    }
  })
})
