// Decision 003. A backtracking email pattern let one anonymous request hold the Worker for 10 s.
// Every regular expression of the worker and the web app is checked here with recheck, a ReDoS
// checker that finds exponential and polynomial (quadratic and worse) backtracking by analysis,
// not by timing. A new pattern that can backtrack badly fails this test wherever it is written.
// (It lives with the web suites because it runs in Node, where the checker runs.)

import { checkSync } from 'recheck'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { BOT_UA } from '../../worker/domain/impressions'

const sources = {
  ...import.meta.glob<string>('../../worker/**/*.ts', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../web/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
}

type Found = { file: string; source: string; flags: string }

/** Every regex literal in a file, found by the TypeScript parser (so comments and strings are not mistaken for one). */
function regexLiterals(file: string, text: string): Found[] {
  const found: Found[] = []
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(sourceFile)
      const end = literal.lastIndexOf('/')
      found.push({ file, source: literal.slice(1, end), flags: literal.slice(end + 1) })
    }
    ts.forEachChild(node, visit)
  }
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  visit(sourceFile)
  return found
}

const patterns: Found[] = [
  ...Object.entries(sources).flatMap(([file, text]) => regexLiterals(file.replace(/^(\.\.\/)+/, ''), text)),
  // Built from a list at run time, so not a literal: checked as the object it is.
  { file: 'worker/domain/impressions.ts (BOT_UA)', source: BOT_UA.source, flags: BOT_UA.flags },
]

// recheck's fuzzing stops on wall-clock budgets by default, so a busy machine changed its verdicts;
// without them it is bounded by its step limits only and gives the same answer on every run.
const DETERMINISTIC = { timeout: null, attackTimeout: null, incubationTimeout: null, seedingTimeout: null } as const

describe('regular expressions', () => {
  it('finds the patterns of both apps', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50)
    expect(patterns.length).toBeGreaterThan(30)
    expect(patterns.some((p) => p.file === 'worker/contract/fields.ts' && p.source.startsWith('^[^\\s@]+@'))).toBe(true)
  })

  it('recognises the pattern that froze the Worker as unsafe', () => {
    expect(checkSync(String.raw`^[^\s@]+@[^\s@]+\.[^\s@]+$`, '', DETERMINISTIC).status).toBe('vulnerable')
  })

  it.each(patterns.map((p) => [`${p.file}: /${p.source}/${p.flags}`, p] as const))('%s cannot backtrack catastrophically', (_name, p) => {
    const result = checkSync(p.source, p.flags, DETERMINISTIC)
    expect(result.status, result.status === 'vulnerable' ? `attack: ${JSON.stringify(result.attack.pattern)}` : '').toBe('safe')
  })
})
