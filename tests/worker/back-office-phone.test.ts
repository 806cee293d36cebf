// The back office reads a buyer's phone by the buy form's rules: '98290 12345', '+91 98290 12345'
// and '098290-12345' are the same ten digits, kept as such on the data request.

import { describe, expect, it } from 'vitest'
import { dataRequestCreateSchema } from '../../worker/contract/admin'
import { call } from '../helpers/api'
import { makeAdmin } from '../helpers/factories'

type Row = { subjectType: string; subjectRef: string }

describe("a buyer's data request logged with a phone typed as people write it", () => {
  it("keeps '98290 12345' as its ten digits, as the buy form does", async () => {
    const admin = await makeAdmin()
    for (const typed of ['98290 12345', '+91 98290 12345', '098290-12345']) {
      const res = await call('POST', '/api/admin/data-requests', { token: admin.token, json: { kind: 'erasure', subjectType: 'buyer', subjectRef: typed } })
      expect([res.status, res.body.message]).toEqual([201, 'Data request logged'])
    }
    const list = await call<Row[]>('GET', '/api/admin/data-requests?subjectType=buyer&subjectRef=9829012345', { token: admin.token })
    expect(list.body.data.map((r) => r.subjectRef)).toEqual(['9829012345', '9829012345', '9829012345'])
  })

  it('still refuses a number that is not ten digits, with the same words', () => {
    const parsed = dataRequestCreateSchema.safeParse({ kind: 'erasure', subjectType: 'buyer', subjectRef: '98290 1234' })
    expect(parsed.success ? null : parsed.error.issues[0].message).toBe('Mobile number should be exactly 10 digits.')
    // An account id is not a phone: left as typed.
    const account = dataRequestCreateSchema.safeParse({ kind: 'erasure', subjectType: 'vendor', subjectRef: '42' })
    expect(account.success && account.data.subjectRef).toBe('42')
  })
})
