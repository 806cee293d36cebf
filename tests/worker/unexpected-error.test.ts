import { env } from 'cloudflare:workers'
import { expect, it, vi } from 'vitest'
import { call } from '../helpers/api'

// Its own file because it breaks the database on purpose (each test file has its own storage).
it('turns an unexpected failure into a generic 500 envelope without a stack trace', async () => {
  await env.DB.exec('DROP TABLE vendors')
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  const res = await call('POST', '/api/vendors/login', { json: { Email: 'a@b.in', Password: 'x' } })
  expect(res.status).toBe(500)
  expect(res.body).toEqual({ statusCode: 0, message: 'Something went wrong. Please try again.', data: null })
  expect(logged).toHaveBeenCalledWith('Unhandled error', 'POST', '/api/vendors/login', expect.any(Error))
  logged.mockRestore()
})
