// Reads the D1 figures an /api answer reports in its Server-Timing header (middleware/server-timing.ts).

export type D1Figures = { ms: number; queries: number; rowsRead: number; rowsWritten: number }

/** The figures of `headers`; throws when the header or one of its metrics is missing. */
export function d1Figures(headers: Headers): D1Figures {
  const header = headers.get('server-timing')
  if (!header) throw new Error('no Server-Timing header')
  const metric = (name: string, field: 'dur' | 'desc') => {
    const match = new RegExp(`(?:^|,\\s*)${name};${field}=("?)([\\d.]+)\\1`).exec(header)
    if (!match) throw new Error(`Server-Timing has no ${name}: ${header}`)
    return Number(match[2])
  }
  return {
    ms: metric('d1', 'dur'),
    queries: metric('d1-queries', 'desc'),
    rowsRead: metric('d1-rows-read', 'desc'),
    rowsWritten: metric('d1-rows-written', 'desc'),
  }
}
