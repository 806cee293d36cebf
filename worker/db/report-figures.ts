// The windows of report_figures (migration report_figures_triggers). Each view's 7-, 30- and 90-day
// figures count from a first day of India's calendar (decision 280); the triggers add every write
// to the periods whose window holds its day. When a new day starts in India (18:30 UTC), the days that left a window are taken out of its
// figures and the window moves on, in one transaction. Whoever gets there first does it (the cron,
// or the first report read of the day); the others' batches find the window moved and change nothing.

import { indiaDayStart } from '../contract/india-date'
import type { Period } from '../contract/performance'
import { periodStart } from '../domain/performance'
import type { ReportView } from './performance-sql'

/** The first day of one view's period (?1 the view, ?2 the period): batch it with the figures it dates. */
export const REPORT_WINDOW_SQL = 'SELECT fromDay FROM report_windows WHERE view = ?1 AND period = ?2'

// One window's move from `?3` to `?4` (view ?1, period ?2; leads by the instants India's days ?3
// and ?4 begin, ?5 and ?6). Each statement acts only while the window still starts at ?3, so a
// second mover in the same moment changes nothing.
const STILL_AT = 'EXISTS (SELECT 1 FROM report_windows WHERE view = ?1 AND period = ?2 AND fromDay = ?3)'
const ACCOUNT = (t: string) => `CASE ?1 WHEN 'link' THEN ${t}.MarketerID ELSE ${t}.VendorID END`
const GROUP = (t: string) => `CASE ?1 WHEN 'marketer' THEN ${t}.MarketerID ELSE ${t}.ProductID END`
const KEY = '(view, accountId, period, groupId)'
const MOVE = [
  `INSERT INTO report_figures (view, accountId, period, groupId, leads, conversions, revenuePaise, commissionPaise)
   SELECT ?1, ${ACCOUNT('l')} AS a, ?2, ${GROUP('l')} AS g, -count(*), -sum(l.Status = 'Converted'),
     -sum(CASE WHEN l.Status = 'Converted' THEN l.PricePaise ELSE 0 END), -sum(CASE WHEN l.Status = 'Converted' THEN l.CommissionAmountPaise ELSE 0 END)
   FROM leads l WHERE l.createdAt >= ?5 AND l.createdAt < ?6 AND ?4 IS NOT NULL AND (?1 = 'marketer' OR l.ProductID IS NOT NULL) AND ${STILL_AT}
   GROUP BY a, g
   ON CONFLICT ${KEY} DO UPDATE SET leads = report_figures.leads + excluded.leads, conversions = report_figures.conversions + excluded.conversions,
     revenuePaise = report_figures.revenuePaise + excluded.revenuePaise, commissionPaise = report_figures.commissionPaise + excluded.commissionPaise`,
  `INSERT INTO report_figures (view, accountId, period, groupId, impressions)
   SELECT ?1, ${ACCOUNT('i')} AS a, ?2, ${GROUP('i')} AS g, -sum(i.n)
   FROM impressions_daily i WHERE i.day >= ?3 AND i.day < ?4 AND ${STILL_AT}
   GROUP BY a, g
   ON CONFLICT ${KEY} DO UPDATE SET impressions = report_figures.impressions + excluded.impressions`,
  // Rows left with nothing in the period would only be read and skipped. (?4 only to bind alike.)
  `DELETE FROM report_figures WHERE view = ?1 AND period = ?2 AND impressions = 0 AND leads = 0 AND ${STILL_AT} AND ?4 IS NOT NULL`,
  'UPDATE report_windows SET fromDay = ?4 WHERE view = ?1 AND period = ?2 AND fromDay = ?3',
]

/**
 * Moves on every window that starts before its period's first day at `now` (at most once a day,
 * normally by the cron). A window that starts later than that (a clock set back) is left alone:
 * its figures cannot serve `now`, and the reports count from the rows instead.
 */
export async function moveReportWindows(d1: D1Database, now = Date.now()): Promise<void> {
  const { results } = await d1.prepare('SELECT view, period, fromDay FROM report_windows').all<{ view: ReportView; period: Period; fromDay: string }>()
  const statements = results.flatMap((w) => {
    const to = periodStart(w.period, now)
    if (w.fromDay >= to) return []
    const instants = [w.fromDay === '' ? '' : indiaDayStart(w.fromDay), indiaDayStart(to)]
    return MOVE.map((sql, i) => d1.prepare(sql).bind(w.view, w.period, w.fromDay, to, ...(i === 0 ? instants : [])))
  })
  if (statements.length > 0) await d1.batch(statements)
}
