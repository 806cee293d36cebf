// No module under worker/ reaches itself through its imports, type-only imports included: a type
// shared by middleware, services and the Bindings lives in a leaf module (worker/types.ts) that
// imports nothing from the app, so the layers stay a tree the reader can follow from top to bottom.
// Reads the sources from disk (Node), as layers.test.ts reads db/.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.join(import.meta.dirname, '../..')
const WORKER = path.join(ROOT, 'worker')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : []
  })
}

/** Every module specifier a source imports or re-exports from, `import type` and `import()` included. */
function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  return [...code.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)].map((m) => m[1] ?? m[2])
}

/** The file under worker/ a specifier imported from `file` names, or null for a package or a path outside worker/. */
function resolve(file: string, spec: string): string | null {
  const base = spec.startsWith('@contract/')
    ? path.join(WORKER, 'contract', spec.slice('@contract/'.length))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(file), spec)
      : null
  if (!base?.startsWith(WORKER)) return null
  const stem = base.replace(/\.js$/, '')
  for (const candidate of [stem, `${stem}.ts`, `${stem}.tsx`, path.join(stem, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  throw new Error(`${path.relative(ROOT, file)} imports ${spec}, which is not a file`)
}

/** The groups of modules that import one another, in a cycle (Tarjan's strongly connected components). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (node: string) => {
    index.set(node, index.size)
    low.set(node, index.get(node) as number)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number))
    }
    if (low.get(node) !== index.get(node)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop() as string
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    if (group.length > 1 || graph.get(node)?.includes(node)) groups.push(group.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return groups
}

describe('worker/ imports', () => {
  it('form no cycle, counting type-only imports', () => {
    const files = sourceFiles(WORKER)
    expect(files.length).toBeGreaterThan(100)
    const graph = new Map(
      files.map((file) => [
        path.relative(ROOT, file),
        importsOf(readFileSync(file, 'utf8'))
          .map((spec) => resolve(file, spec))
          .filter((target): target is string => target !== null)
          .map((target) => path.relative(ROOT, target)),
      ]),
    )
    expect(cyclesOf(graph)).toEqual([])
  })

  it('finds a cycle through a type-only import', () => {
    const a = "import type { B } from './b'\nexport type A = { b: B }"
    const b = "import { type A } from './a'\nexport type B = { a?: A }"
    const graph = new Map([
      ['a', importsOf(a).map((s) => s.slice(2))],
      ['b', importsOf(b).map((s) => s.slice(2))],
      ['c', []],
    ])
    expect(cyclesOf(graph)).toEqual([['a', 'b']])
  })
})
