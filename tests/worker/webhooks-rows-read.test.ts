// What the webhook GET routes read: the endpoint list reads the vendor's endpoints (10 at
// most) and the delivery log reads the page it shows, its total kept on the endpoint by a trigger,
// so a log twice as long, and other vendors' logs, leave the rows read where they were.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call } from '../helpers/api'
import { makeVendor, type SignedInVendor } from '../helpers/factories'
import { d1Figures } from '../helpers/server-timing'

/** Adds `n` deliveries to the endpoint, and as many to another vendor's endpoint beside it. */
async function addDeliveries(endpointIds: number[], n: number) {
  for (const id of endpointIds) {
    await env.DB.prepare(
      `INSERT INTO webhook_deliveries (EndpointID, eventKey, eventType, msgId, payload, state, attempts, lastStatus, createdAt)
       SELECT ?1, 'lead.created:' || value || ':' || ?3, 'lead.created', 'msg_' || value, '{"type":"lead.created"}', 'delivered', 1, 200, ?4 FROM json_each(?2)`,
    )
      .bind(id, JSON.stringify(Array.from({ length: n }, (_, i) => i)), Math.random(), new Date().toISOString())
      .run()
  }
}

async function endpointOf(vendor: SignedInVendor) {
  const res = await call<{ endpoint: { EndpointID: number } }>('POST', '/api/webhooks/endpoints', {
    token: vendor.token,
    json: { url: 'https://hooks.example.com/rows', events: ['lead.created'] },
  })
  expect(res.status).toBe(201)
  return res.body.data.endpoint.EndpointID
}

const rowsRead = async (vendor: SignedInVendor, path: string) => {
  const res = await call('GET', path, { token: vendor.token })
  expect(res.status).toBe(200)
  return d1Figures(res.headers).rowsRead
}

describe('rows read by the webhook routes', () => {
  it('reads the page it shows, however long the log and however many other vendors', async () => {
    const vendor = await makeVendor()
    const other = await makeVendor()
    const mine = await endpointOf(vendor)
    for (let i = 0; i < 9; i++) await endpointOf(vendor)
    const theirs = await endpointOf(other)
    await addDeliveries([mine, theirs], 500)
    const page = `/api/webhooks/endpoints/${mine}/deliveries`
    const once = {
      list: await rowsRead(vendor, '/api/webhooks/endpoints'),
      log: await rowsRead(vendor, page),
      big: await rowsRead(vendor, `${page}?limit=100`),
    }
    await addDeliveries([mine, theirs], 500)
    const twice = {
      list: await rowsRead(vendor, '/api/webhooks/endpoints'),
      log: await rowsRead(vendor, page),
      big: await rowsRead(vendor, `${page}?limit=100`),
    }
    console.log('webhook rows read', once, twice)
    // The session's account row, the endpoints (10, counted over the index too), the page and one more row.
    expect(once.list).toBeLessThanOrEqual(30)
    expect(once.log).toBeLessThanOrEqual(25)
    expect(once.big).toBeLessThanOrEqual(105)
    expect(twice).toEqual(once)
  })
})
