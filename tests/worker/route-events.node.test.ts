// Events are raised by the use cases, inside the services after their writes (decision 276, STYLE.md
// "Events"): a route only hands its service the request's sink (`eventsOf(c)`). A route that
// publishes, or puts a message on a queue, itself would let the next caller of the same change (the
// v1 API, a store's webhook, the cron) forget it; this keeps that true in `npm test`. The same holds
// for the mails that follow an answer: the services register them on `r.later` (decision 284) and
// the define layer starts them, so no route schedules work after its answer itself.

import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROUTES = path.join(import.meta.dirname, '../../worker/routes')

const routeFiles = readdirSync(ROUTES, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: `worker/routes/${f.split(path.sep).join('/')}`, source: readFileSync(path.join(ROUTES, f), 'utf8') }))

/** `type Foo as Bar` -> Foo. */
const nameOf = (spec: string) =>
  spec
    .trim()
    .replace(/^type\s+/, '')
    .split(/\s+as\s+/)[0]

/** Every name a file imports, with the module it comes from. */
function importedNames(source: string): Array<{ name: string; from: string }> {
  return [...source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)].flatMap((m) =>
    m[1]
      .split(',')
      .map(nameOf)
      .filter(Boolean)
      .map((name) => ({ name, from: m[2] })),
  )
}

// What raises an event or queues a message without a service: the old route helper, the events
// module's senders, the mail outbox, and the queue bindings themselves.
const RAISERS = new Set(['publish', 'raiseEvents', 'dispatchEvents', 'directEvents', 'enqueueMail', 'withMailOutbox', 'MailOutbox'])
const QUEUE_SENDS = /\b[A-Z_]*QUEUE\b|\.sendBatch\s*\(|\.send\s*\(/

describe('worker/routes/', () => {
  it('holds every route module', () => {
    expect(routeFiles.map((f) => f.file)).toEqual(expect.arrayContaining(['worker/routes/leads.ts', 'worker/routes/v1/leads.ts', 'worker/routes/stores.ts']))
  })

  it('imports no way to publish an event or queue a message: the services raise them', () => {
    const found = routeFiles.flatMap(({ file, source }) =>
      importedNames(source)
        .filter(({ name, from }) => RAISERS.has(name) || /services\/(events|mail-outbox)$/.test(from))
        .map(({ name, from }) => `${file} imports ${name} from ${from}`),
    )
    expect(found).toEqual([])
  })

  it('schedules no work after the answer itself: the services leave it on r.later', () => {
    // define.ts is the one place that starts what the services left (routes/define.ts `mountAll`).
    const found = routeFiles
      .filter(({ file }) => file !== 'worker/routes/define.ts')
      .flatMap(({ file, source }) =>
        importedNames(source)
          .filter(({ name }) => name === 'afterAnswer')
          .map(({ name, from }) => `${file} imports ${name} from ${from}`),
      )
    expect(found).toEqual([])
  })

  it('sends nothing to a queue', () => {
    const found = routeFiles.flatMap(({ file, source }) =>
      source
        .split('\n')
        .map((line, i) => ({ line: line.trim(), at: i + 1 }))
        .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && QUEUE_SENDS.test(line))
        .map(({ line, at }) => `${file}:${at} ${line}`),
    )
    expect(found).toEqual([])
  })
})
