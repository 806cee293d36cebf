import type { Envelope } from '@contract/envelope'

// The buy page's two calls (spec 001 section 7: submit lead, impression tracking; the creator-code
// check is in buy-code.ts, loaded with the form's rules). Apart from the
// app's client (client.ts) on purpose: the buy page is its own entry with a 75 kB JavaScript
// budget, and the client brings the session, the request counter and time-outs it has no use for.
// Both calls send the app's token when there is one, only so that an influencer opening their own
// link is recognised (their visit is not counted, their own enquiry is refused); nothing else needs it.

/** The buy form's payload (spec 001 section 3). */
export type LeadSubmission = {
  ProductID: number
  VendorID: number
  MarketerID: number
  ClientName: string
  ClientEmail: string
  ClientPhone: string
  /** The creator code the buyer typed (blank: none). */
  CreatorCode?: string
  CampaignID?: number | null
}

function sessionToken(): string | null {
  try {
    return localStorage.getItem('token')
  } catch {
    return null // storage blocked (private modes, embedded browsers): an anonymous visitor
  }
}

async function post(path: string, json?: unknown): Promise<Envelope<unknown>> {
  let res: Response
  const headers: Record<string, string> = { accept: 'application/json' }
  if (json !== undefined) headers['content-type'] = 'application/json'
  const token = sessionToken()
  if (token) headers.authorization = `Bearer ${token}`
  try {
    res = await fetch(`/api/${path}`, {
      method: 'POST',
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    })
  } catch {
    throw new Error('Network Error')
  }
  const body = (await res.json().catch(() => null)) as Envelope<unknown> | null
  if (!res.ok || !body) throw new Error(body?.message || `Request failed with status code ${res.status}`)
  return body
}

/** Answers the whole envelope: the page moves to 'Thank You!' once a status code comes back. */
export const sendLead = (input: LeadSubmission) => post('leads/create', input)

export const reportImpression = (ids: { productId: number; vendorId: number; marketerId: number }) =>
  post(`affiliate/track/impression?productId=${ids.productId}&vendorId=${ids.vendorId}&marketerId=${ids.marketerId}`)
