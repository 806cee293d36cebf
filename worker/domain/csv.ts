// CSV for statements and exports: RFC 4180 quoting, and text that a spreadsheet would run as a
// formula (=, +, -, @ first) is prefixed with an apostrophe. Numbers are written as numbers.

export type Cell = string | number | null

function cell(value: Cell): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly Cell[]>): string {
  return `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`
}
