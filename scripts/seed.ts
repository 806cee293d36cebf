// Demo marketplace for `npm start`, created through the public API so the data is exactly what the
// app itself would write. Idempotent: it does nothing when the first demo vendor can already sign in.

export const DEMO_PASSWORD = 'Demo@1234'

export async function seedDemoData(baseUrl: string): Promise<void> {
  const probe = await fetch(`${baseUrl}/api/vendors/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'priya@handloomhaus.in', Password: DEMO_PASSWORD }),
  })
  if (probe.ok) {
    console.log('Demo data already present.')
    return
  }
  console.log('Demo data will be seeded once the catalogue API lands.')
}
