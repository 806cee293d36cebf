// GST on a payout to a GST-registered creator (decision 300): 18 % on the taxable value (the
// commission or fee), IGST when the creator's state and the vendor's differ (an inter-state supply),
// CGST and SGST at 9 % each when they are the same. Integer paise, each tax rounded half up to the
// paisa on its own, so CGST and SGST are always equal and the invoice adds up line by line.

export const GST_RATE_BPS = 1800

export type GstSplit = {
  taxablePaise: number
  igstPaise: number
  cgstPaise: number
  sgstPaise: number
  /** Taxable value plus every tax: what the marketer's invoice asks the vendor to pay. */
  totalPaise: number
}

const percentOf = (paise: number, bps: number) => Math.floor((paise * bps + 5_000) / 10_000)

/** The split for a supply from `marketerState` to `vendorState` (GST state codes, e.g. '27'). */
export function gstSplit(taxablePaise: number, marketerState: string, vendorState: string): GstSplit {
  if (!Number.isSafeInteger(taxablePaise) || taxablePaise < 0) throw new RangeError('taxable value must be whole paise, not negative')
  if (marketerState === vendorState) {
    const half = percentOf(taxablePaise, GST_RATE_BPS / 2)
    return { taxablePaise, igstPaise: 0, cgstPaise: half, sgstPaise: half, totalPaise: taxablePaise + 2 * half }
  }
  const igst = percentOf(taxablePaise, GST_RATE_BPS)
  return { taxablePaise, igstPaise: igst, cgstPaise: 0, sgstPaise: 0, totalPaise: taxablePaise + igst }
}
