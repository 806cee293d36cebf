import { PASSWORD_MAX } from '@contract/fields'
import { PasswordField } from './Field'

type Props = {
  current: string
  next: string
  onCurrent: (value: string) => void
  onNext: (value: string) => void
  /** The profile forms keep the password when the new one is left blank; the console's form always changes it. */
  optional: boolean
  /** Who else is signed out by the change. */
  elsewhere: string
  /** The form's ids and messages for the two fields (lib/useFieldErrors.ts). */
  currentField?: { id: string; error?: string }
  nextField?: { id: string; error?: string }
}

/** Current and new password, with the rules the API applies (6 to 30 characters, the current one checked). */
export function PasswordChangeFields({ current, next, onCurrent, onNext, optional, elsewhere, currentField, nextField }: Props) {
  return (
    <>
      <PasswordField
        label="Current Password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => onCurrent(e.target.value)}
        hint={optional ? 'Needed only to set a new password.' : undefined}
        {...currentField}
      />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={next}
        onChange={(e) => onNext(e.target.value)}
        {...nextField}
        hint={`${optional ? 'Leave blank to keep your current password. ' : ''}6 to 30 characters; you stay signed in here, ${elsewhere}.`}
      />
    </>
  )
}
