// The decision records are a library (docs/decisions/README.md): every record says its status and
// the day it was written under its title, the index lists every record with both, and the code's
// comments point at records, not at tracker issues, whose numbers mean nothing to a reader of the
// repository. Runs in Node with the web project: the files are read as text through Vite's glob,
// which leaves out this file itself (its samples are built at run time, so a grep finds none).

import { describe, expect, it } from 'vitest'

const records = import.meta.glob<string>('../../docs/decisions/[0-9][0-9][0-9]-*.md', { query: '?raw', import: 'default', eager: true })
const indexFile = import.meta.glob<string>('../../docs/decisions/README.md', { query: '?raw', import: 'default', eager: true })
const index = Object.values(indexFile)[0] ?? ''
const sources = import.meta.glob<string>(
  [
    '../../worker/**/*.{ts,tsx}',
    '../../web/**/*.{ts,tsx,html,css}',
    '../../web/public/_headers',
    '../../tests/**/*.{ts,tsx}',
    '../../scripts/**/*.{ts,mjs,js}',
    '../../docs/*.md',
    '../../README.md',
    '../../*.config.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
)

/** Lines that cite a tracker issue by its number: in words, with or without an item, or as '(#N)'. */
function issueCitations(text: string): string[] {
  return text.split('\n').filter((line) => /\bissues? #?\d/i.test(line) || /\(#\d+\)/.test(line))
}

const STATUS = /^Status: (accepted|deprecated|superseded by \d{3})\b/

/** What a record lacks: its number in the title, a Status line and a Date line before its first section. */
function recordProblems(file: string, text: string): string[] {
  const number = file.match(/(\d{3})-[^/]*\.md$/)?.[1]
  const lines = text.split('\n')
  const firstSection = lines.findIndex((l) => l.startsWith('## '))
  const head = lines.slice(1, firstSection)
  const problems: string[] = []
  if (!lines[0]?.startsWith(`# ${number}: `)) problems.push(`${file}: the title does not start with '# ${number}: '`)
  if (!head.some((l) => STATUS.test(l))) problems.push(`${file}: no 'Status: accepted | superseded by NNN | deprecated' under the title`)
  if (!head.some((l) => /^Date: \d{4}-\d{2}-\d{2}$/.test(l))) problems.push(`${file}: no 'Date: YYYY-MM-DD' under the title`)
  for (const l of head.filter((l) => /^superseded/i.test(l))) {
    if (!/\b\d{3}\b/.test(l)) problems.push(`${file}: '${l}' names no record`)
  }
  return problems
}

/** The index's rows: number, linked file, status, date. */
function indexRows(text: string) {
  return [...text.matchAll(/^\| (\d{3}) \| \[[^\]]+\]\(([^)]+)\) *\| ([^|]+) \| (\d{4}-\d{2}-\d{2}) \|$/gm)].map((m) => ({
    number: m[1],
    file: m[2],
    status: m[3].trim(),
    date: m[4],
  }))
}

/** What the index gets wrong about the records: one missing, listed twice, a dead link, another date or status. */
function indexProblems(text: string, recordTexts: Record<string, string>): string[] {
  const rows = indexRows(text)
  const byName = new Map(Object.entries(recordTexts).map(([path, body]) => [path.split('/').pop() ?? path, body]))
  const problems: string[] = []
  for (const name of byName.keys()) {
    const count = rows.filter((r) => r.file === name).length
    if (count !== 1) problems.push(`${name}: listed ${count} times in docs/decisions/README.md`)
  }
  for (const row of rows) {
    const body = byName.get(row.file)
    if (body === undefined) {
      problems.push(`the index links ${row.file}, which is not a record`)
      continue
    }
    if (!row.file.startsWith(`${row.number}-`)) problems.push(`${row.file}: listed as number ${row.number}`)
    const date = body.match(/^Date: (\S+)$/m)?.[1]
    if (date !== row.date) problems.push(`${row.file}: the index says ${row.date}, the record ${date}`)
    const status = body.match(STATUS)?.[1] ?? body.match(/^Status: (\S+)/m)?.[1]
    if (!status || !row.status.startsWith(status)) problems.push(`${row.file}: the index says '${row.status}', the record '${status}'`)
  }
  return problems
}

describe('decision records', () => {
  it('are found, and so are the sources', () => {
    expect(Object.keys(records).length).toBeGreaterThan(90)
    expect(Object.keys(sources).length).toBeGreaterThan(500)
    expect(index).toContain('# Decision records')
  })

  it('each say their status and date under the title', () => {
    const records_ = Object.entries(records).filter(([file]) => !file.endsWith('/000-template.md'))
    expect(records_.flatMap(([file, text]) => recordProblems(file, text))).toEqual([])
  })

  it('are each in the index once, with the status and date they say', () => {
    const records_ = Object.fromEntries(Object.entries(records).filter(([file]) => !file.endsWith('/000-template.md')))
    expect(indexProblems(index, records_)).toEqual([])
  })

  it('are cited by code and docs instead of tracker issues', () => {
    const found = Object.entries(sources).flatMap(([file, text]) => issueCitations(text).map((line) => `${file.slice(6)}: ${line.trim()}`))
    expect(found).toEqual([])
  })

  it('cited by number in code and docs exist', () => {
    const numbers = new Set(Object.keys(records).map((file) => file.match(/(\d{3})-[^/]*\.md$/)?.[1]))
    const cited = Object.entries(sources).flatMap(([file, text]) =>
      [...text.matchAll(/\bdecisions? ((?:\d{3}(?:, | and )?)+)|docs\/decisions\/(\d{3})/gi)].flatMap(
        (m) => (m[1] ?? m[2]).match(/\d{3}/g)?.map((n) => `${file.slice(6)}: ${n}`) ?? [],
      ),
    )
    expect(cited.length).toBeGreaterThan(100)
    expect(cited.filter((c) => !numbers.has(c.slice(-3)))).toEqual([])
  })

  // The checks above could pass by checking nothing: each must object to a file that breaks it.
  it('object to what breaks them', () => {
    const n = (k: number) => `iss${'ue'} ${k}`
    expect(issueCitations(`// Payouts (${n(12)}): what a vendor owes\nconst a = 1 // fine, decision 018`)).toHaveLength(1)
    expect(issueCitations(`// ${n(10).replace('i', 'I')} item 4: a password change`)).toHaveLength(1)
    expect(issueCitations(`// fixed in (#${31})`)).toHaveLength(1)
    expect(issueCitations("// the first issue's message; 'Lead #12'")).toEqual([])

    const good = '# 240: A reversal\n\nStatus: accepted\nDate: 2026-12-01\n\n## Context\n'
    expect(recordProblems('docs/decisions/240-a.md', good)).toEqual([])
    expect(recordProblems('docs/decisions/240-a.md', '# 240: A reversal\n\nDate: 2026-12-01\n\n## Context\n')).toHaveLength(1)
    expect(recordProblems('docs/decisions/240-a.md', '# 240: A reversal\n\nStatus: accepted\n\n## Context\n')).toHaveLength(1)
    expect(recordProblems('docs/decisions/240-a.md', '# 240. A reversal\n\nStatus: maybe\n\n## Context\n')).toHaveLength(3)

    const row = '| 240 | [A reversal](240-a.md) | accepted | 2026-12-01 |'
    expect(indexProblems(row, { 'docs/decisions/240-a.md': good })).toEqual([])
    expect(indexProblems(row, { 'docs/decisions/240-a.md': good, 'docs/decisions/241-b.md': good })).toHaveLength(1)
    expect(indexProblems(row.replace('2026-12-01', '2026-11-30'), { 'docs/decisions/240-a.md': good })).toHaveLength(1)
    expect(indexProblems(row, { 'docs/decisions/240-a.md': good.replace('accepted', 'deprecated') })).toHaveLength(1)
  })
})
