import { ORDER_SCREEN_ROUTES } from '@contract/order-routes'
import type { OrderState } from '@contract/orders'
import { callData, callPage } from './client'

// The order screens' calls (decision 301): the vendor's orders and one order, the influencer's orders.

export const listVendorOrders = (filter: { q: string; state: OrderState | '' }, cursor: string | undefined, signal: AbortSignal) =>
  callPage(ORDER_SCREEN_ROUTES.vendorOrders, { query: { q: filter.q.trim() || undefined, state: filter.state || undefined, cursor, limit: 10 }, signal })

export const getVendorOrder = (orderId: string) => callData(ORDER_SCREEN_ROUTES.vendorOrder, { params: { orderId } })

export const listMarketerOrders = (cursor: string | undefined, signal: AbortSignal) =>
  callPage(ORDER_SCREEN_ROUTES.marketerOrders, { query: { cursor, limit: 10 }, signal })
