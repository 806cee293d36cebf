// What a new password must not be (decision 255): one of the most common passwords of public
// breach dumps. Checked in the Worker for every new password (sign-up, reset, a profile change);
// the list stays out of the web bundle, so the forms learn of it from the API's answer.

import { PASSWORD_TOO_COMMON } from '../contract/fields'
import { COMMON_PASSWORDS_TEXT } from './common-passwords'
import { InvalidInput } from './errors'

let common: Set<string> | null = null

/** Whether `password` is on the list, whatever its letter case (`Password1` is `password1`). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split(/\s+/))
  return common.has(password.toLowerCase())
}

/** 400 with the contract's message for a common password. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new InvalidInput(PASSWORD_TOO_COMMON)
}
