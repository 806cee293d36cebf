// The SPA calls the API through one client, by each route's definition (web/src/api/client.ts,
// decision 283): a path written as a string would skip the definition's types and fail only at run
// time when the route moves. The buy page alone keeps plain calls, for its bundle budget
// (decision 272).

import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const API = path.join(import.meta.dirname, '../../web/src/api')
/** The client itself, and the buy page's own calls. */
const ALLOWED = new Set(['client.ts', 'buy.ts', 'buy-code.ts'])

const files = readdirSync(API)
  .filter((f) => /\.tsx?$/.test(f) && !ALLOWED.has(f))
  .map((f) => ({ file: `web/src/api/${f}`, source: readFileSync(path.join(API, f), 'utf8') }))

/** A string or template literal that starts an /api path: '/api/..', "/api/..", `/api/..`. */
const API_PATH = /(['"`])\/api\//

describe('web/src/api/', () => {
  it('holds the SPA calls', () => {
    expect(files.map((f) => f.file)).toEqual(expect.arrayContaining(['web/src/api/auth.ts', 'web/src/api/vendor.ts', 'web/src/api/marketers.ts']))
  })

  it('writes no /api path as a string outside the client and the buy page', () => {
    const found = files.flatMap(({ file, source }) =>
      source
        .split('\n')
        .map((line, i) => ({ line: line.trim(), at: i + 1 }))
        .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && API_PATH.test(line))
        .map(({ line, at }) => `${file}:${at} ${line}`),
    )
    expect(found).toEqual([])
  })

  it('calls no route by a path of its own: every call goes through callRoute, callData or callPage', () => {
    // request, requestData and requestPage took a path string; fetch of a written path is the same
    // thing (a file download may fetch its definition's path: `${pathOf(def.path, ...)}`).
    const found = files.flatMap(({ file, source }) =>
      [...source.matchAll(/\b(requestData|requestPage|request)\s*(<[^>]*>)?\s*\(|\bfetch\(\s*(['"]|`(?!\$\{))/g)].map((m) => `${file}: ${m[0]}`),
    )
    expect(found).toEqual([])
  })
})
