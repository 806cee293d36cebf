// The columns both sides' creator-code tables share: the vendor's Creator codes and the
// creator's My Links name the other party in between and add their own status and actions.

import type { CodeDTO } from '@contract/coupons'
import { codeProductsText, codeUses, codeWindow } from '../../lib/coupons'
import { type Column, TextCell } from './DataTable'

export const codeColumn: Column<CodeDTO> = {
  label: 'Code',
  wide: true,
  cell: (c) => (
    <span className="block whitespace-normal">
      <span className="font-mono font-semibold text-slate-900">{c.Code}</span>
      <TextCell text={c.BuyerText} className="block text-xs text-slate-600" />
    </span>
  ),
}

export const codeTermsColumns: readonly Column<CodeDTO>[] = [
  { label: 'Products', cell: (c) => <TextCell text={codeProductsText(c)} /> },
  { label: 'Window', cell: (c) => codeWindow(c) },
  { label: 'Uses', cell: (c) => <span data-code-uses={c.CodeID}>{codeUses(c)}</span> },
]
