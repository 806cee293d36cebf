import { COMMISSION_TYPES } from '@contract/product'
import { SelectField, TextField } from '../../components/Field'

type Change = (e: { target: { value: string } }) => void
type FieldProps = { id: string; error?: string }

/**
 * Commission Type and Commission Value, the value's label in % or ₹ as the type says: the product
 * form and a campaign's commission reward. `placeholder` is the type's blank first choice, if any.
 */
export function CommissionFields({
  type,
  value,
  onType,
  onValue,
  placeholder,
  typeField,
  valueField,
}: {
  type: string
  value: string
  onType: Change
  onValue: Change
  placeholder?: string
  /** The form's ids and messages for the two fields (lib/useFieldErrors.ts). */
  typeField?: FieldProps
  valueField?: FieldProps
}) {
  return (
    <>
      <SelectField label="Commission Type" value={type} onChange={onType} {...typeField}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {COMMISSION_TYPES.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </SelectField>
      <TextField
        label={type === 'Percentage' ? 'Commission Value (%)' : 'Commission Value (₹)'}
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
        value={value}
        onChange={onValue}
        {...valueField}
      />
    </>
  )
}
