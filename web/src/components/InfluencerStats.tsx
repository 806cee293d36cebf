import { formatCount } from '../lib/format'
import { type DisplayMarketer, ENGAGEMENT_ESTIMATE_NOTE, formatRate } from '../lib/influencer'

/** Followers (short form) and engagement rate side by side, as every influencer card shows them. */
export function MarketerStats({
  influencer: marketer,
  className = '',
}: {
  influencer: Pick<DisplayMarketer, 'followers' | 'engagementRate'>
  className?: string
}) {
  const stats = [
    { label: 'Followers', value: formatCount(marketer.followers), note: undefined },
    { label: 'Est. engagement', value: formatRate(marketer.engagementRate), note: ENGAGEMENT_ESTIMATE_NOTE },
  ]
  return (
    <dl className={`grid grid-cols-2 divide-x divide-slate-200/70 rounded-xl bg-slate-50 py-3 text-center ${className}`}>
      {stats.map((s) => (
        <div key={s.label}>
          <dt className="text-xs text-slate-500" title={s.note}>
            {s.label}
          </dt>
          <dd className="text-base font-bold text-slate-900">{s.value}</dd>
        </div>
      ))}
    </dl>
  )
}
