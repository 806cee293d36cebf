// The dashboards' order screens (decision 301): /api/orders for the vendor, /api/marketer/orders for
// the influencer. Each definition (contract/order-routes.ts) names its one role; another role is 403.

import { ORDER_SCREEN_ROUTES as R } from '../contract/order-routes'
import { orderIdField } from '../contract/v1'
import { db } from '../db/client'
import { callerOf } from '../middleware/auth'
import { parseWith } from '../middleware/validate'
import { marketerOrderPage, vendorOrderDetail, vendorOrderPage } from '../services/order-screens'
import { mountAll, handle } from './define'

export const orderScreenRoutes = mountAll(
  handle(R.vendorOrders, async (c, r) => {
    const page = await vendorOrderPage(db(c), callerOf(c).id, r.query())
    return r.page(page.rows, page.paging)
  }),
  handle(R.vendorOrder, async (c, r) => r.ok(await vendorOrderDetail(db(c), callerOf(c).id, parseWith(orderIdField, c.req.param('orderId'))))),
  handle(R.marketerOrders, async (c, r) => {
    const page = await marketerOrderPage(db(c), callerOf(c).id, r.query(), Date.now())
    return r.page(page.rows, page.paging)
  }),
)
