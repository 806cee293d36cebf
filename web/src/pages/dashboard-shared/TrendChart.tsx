import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { DailyPoint } from '@contract/trends'
import { SERIES, scaleTop } from './trendScales'

// uPlot (about 20 KB gzip) draws on a canvas; this module is loaded lazily, only by the dashboards.

const HEIGHT = 240

function toData(days: readonly DailyPoint[]): uPlot.AlignedData {
  return [days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000), ...SERIES.map((s) => days.map((d) => d[s.key]))]
}

const dayLabel = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' })

export default function TrendChart({ days }: { days: readonly DailyPoint[] }) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = host.current
    if (!el) return
    const options: uPlot.Options = {
      width: el.clientWidth,
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      // Each scale from the data it draws: leads never share the impressions' hundreds.
      scales: { x: { time: true }, views: { range: () => [0, scaleTop(days, 'views')] }, events: { range: () => [0, scaleTop(days, 'events')] } },
      axes: [
        {
          stroke: '#64748b',
          grid: { show: false },
          ticks: { stroke: '#e2e8f0' },
          values: (_u, splits) => splits.map((s) => dayLabel.format(new Date(s * 1000))),
          space: 56,
        },
        {
          scale: 'views',
          label: 'Impressions',
          labelSize: 16,
          stroke: '#4f46e5',
          grid: { stroke: '#f1f5f9' },
          ticks: { show: false },
          size: 40,
          values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')),
        },
        {
          scale: 'events',
          side: 1,
          label: 'Leads, conversions',
          labelSize: 16,
          stroke: '#b45309',
          grid: { show: false },
          ticks: { show: false },
          size: 32,
          values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')),
        },
      ],
      series: [{}, ...SERIES.map((s) => ({ label: s.label, scale: s.scale, stroke: s.color, width: 2, points: { show: false } }))],
    }
    const chart = new uPlot(options, toData(days), el)
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: HEIGHT }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [days])
  return <div ref={host} className="w-full" />
}
