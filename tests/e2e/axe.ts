import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

// axe-core's WCAG 2.2 A/AA and best-practice rules on whatever the page shows now (the same rules
// as accessibility.test.ts), one line per rule and element.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

type Violation = { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }

export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations
  }, AXE_TAGS)
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} at ${JSON.stringify(n.target)} (${n.failureSummary?.replace(/\s+/g, ' ') ?? ''})`))
}
