import { afterEach, describe, expect, it, vi } from 'vitest'
import { reportImpression, sendLead } from '../../web/src/api/buy'

// The buy page's two calls carry the app's token when this browser has one, so that an
// influencer opening their own link is recognised (not counted; their own enquiry refused).

const ids = { productId: 1, vendorId: 2, marketerId: 3 }
const lead = { ProductID: 1, VendorID: 2, MarketerID: 3, ClientName: 'Kiran', ClientEmail: '', ClientPhone: '9876543210' }

function stubStorage(getItem: (key: string) => string | null) {
  vi.stubGlobal('localStorage', { getItem })
}

function captureFetch() {
  const calls: Headers[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      calls.push(new Headers(init.headers))
      return new Response(JSON.stringify({ statusCode: 1, message: 'ok', data: null }), { status: 202 })
    }),
  )
  return calls
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the buy page calls', () => {
  it('send the signed-in token with the impression and the lead', async () => {
    stubStorage((key) => (key === 'token' ? 'signed.in.token' : null))
    const calls = captureFetch()
    await reportImpression(ids)
    await sendLead(lead)
    expect(calls.map((h) => h.get('authorization'))).toEqual(['Bearer signed.in.token', 'Bearer signed.in.token'])
    expect(calls[1]?.get('content-type')).toBe('application/json')
  })

  it('stay anonymous without a token, or where storage is blocked', async () => {
    stubStorage(() => null)
    const calls = captureFetch()
    await reportImpression(ids)
    stubStorage(() => {
      throw new Error('SecurityError')
    })
    await sendLead(lead)
    expect(calls.map((h) => h.get('authorization'))).toEqual([null, null])
  })
})
