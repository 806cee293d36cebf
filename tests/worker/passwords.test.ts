import { describe, expect, it } from 'vitest'
import { hashPassword, PBKDF2_ITERATIONS, storedIterations, verifyPassword } from '../../worker/domain/passwords'

describe('password hashing', () => {
  it('stays within the 100,000 PBKDF2 iterations that production Workers allow', async () => {
    const stored = await hashPassword('pass-1234')
    expect(storedIterations(stored)).toBe(PBKDF2_ITERATIONS)
    expect(storedIterations(stored)).toBeLessThanOrEqual(100_000)
  })

  it('salts every hash and verifies only the right password', async () => {
    const a = await hashPassword('pass-1234')
    const b = await hashPassword('pass-1234')
    expect(a).not.toBe(b)
    expect(await verifyPassword('pass-1234', a)).toBe(true)
    expect(await verifyPassword('pass-1235', a)).toBe(false)
    expect(await verifyPassword('pass-1234', 'garbage')).toBe(false)
  })
})
