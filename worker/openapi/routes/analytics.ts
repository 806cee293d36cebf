import { routes } from '../registry'

export const analyticsRoutes = routes({
  method: 'get',
  path: '/api/analytics/daily',
  summary: "The dashboard's 30-day chart",
  access: ['vendor', 'marketer'],
  answer: {
    message: 'Daily analytics',
    data: "`{ days: [{ day, impressions, leads, conversions }] }`: the caller's own last 30 days of India's calendar, oldest first, zeros on quiet days.",
  },
})
