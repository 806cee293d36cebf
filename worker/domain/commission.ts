// Commission maths, in integer paise. Fixed: the commission value itself (rupees). Percentage:
// price x value / 100, rounded half up to the nearest paisa.

import type { CommissionType } from '../contract/product'

/** `value` is rupees for Fixed and percent for Percentage, with at most two decimals. */
export function commissionPaise(pricePaise: number, type: CommissionType, value: number): number {
  // Hundredths of the value as an integer keep the arithmetic exact (7.5 % -> 750).
  const hundredths = Math.round(value * 100)
  if (type === 'Fixed') return hundredths
  // price x (hundredths / 100) / 100 = price x hundredths / 10 000; + 5 000 rounds half up.
  return Math.floor((pricePaise * hundredths + 5_000) / 10_000)
}
