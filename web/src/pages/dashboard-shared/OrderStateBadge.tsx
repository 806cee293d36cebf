import type { OrderState } from '@contract/orders'
import { money } from './money'

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  placed: 'Placed',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  returned: 'Returned',
  rto: 'Returned to origin',
  cancelled: 'Cancelled',
}

const TONES: Record<OrderState, string> = {
  placed: 'bg-slate-100 text-slate-700 border-slate-200',
  paid: 'bg-sky-100 text-sky-800 border-sky-200',
  shipped: 'bg-violet-100 text-violet-800 border-violet-200',
  delivered: 'bg-emerald-100 text-emerald-800 border-emerald-200',
  returned: 'bg-amber-100 text-amber-800 border-amber-200',
  rto: 'bg-rose-100 text-rose-800 border-rose-200',
  cancelled: 'bg-rose-100 text-rose-800 border-rose-200',
}

/** An order's state as both dashboards show it. */
export function OrderStateBadge({ state }: { state: OrderState }) {
  return (
    <span data-order-state={state} className={`inline-flex whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONES[state]}`}>
      {ORDER_STATE_LABELS[state]}
    </span>
  )
}

/** Paise as en-IN rupees with two decimals (₹275.88). */
export const rupeesOf = (paise: number) => money(paise / 100)
