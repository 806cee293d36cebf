// Saving a profile (PUT vendors/{id}, PUT marketers/{id}), including a password change: the
// current password is checked under the failed-login limit of the account's email, the new hash
// and a raised tokenVersion are written in one statement (which revokes every token issued
// before), and a fresh token is handed back so the person who changed it stays signed in.

import { CURRENT_PASSWORD_WRONG, PASSWORD_CHANGE_RACE, passwordChangeOf } from '../contract/password'
import type { AdminPasswordInput } from '../contract/admin'
import { updateAdminPassword } from '../db/admin'
import type { ProfileUpdate } from '../contract/marketer'
import { VENDOR_NOT_FOUND_MESSAGE, type VendorUpdate } from '../contract/vendor'
import type { Db } from '../db/client'
import { updateProfile } from '../db/marketers'
import type { Admin, Marketer, Vendor } from '../db/schema'
import { findVendor, type NewPassword, updateVendorProfile } from '../db/vendors'
import { Conflict, InvalidInput, NotFound } from '../domain/errors'
import { hashPassword } from '../domain/passwords'
import { checkPasswordLimited } from './accounts'
import { issueToken } from './session'

type Credentials = { Email: string; PasswordHash: string }

/** 400 when `current` is not the account's password (it counts as a failed login: 429 at the limit). */
export async function newPassword(db: Db, account: Credentials, change: { next: string; current: string }): Promise<NewPassword> {
  if (!(await checkPasswordLimited(db, account.Email, change.current, account.PasswordHash))) {
    throw new InvalidInput(CURRENT_PASSWORD_WRONG)
  }
  return { hash: await hashPassword(change.next), replaces: account.PasswordHash }
}

export type Saved<Row> = { row: Row; token: string | null }

export async function saveVendorProfile(db: Db, secret: string, id: number, input: VendorUpdate): Promise<Saved<Vendor>> {
  const change = passwordChangeOf(input)
  let password: NewPassword | undefined
  if (change) {
    const current = await findVendor(db, id)
    if (!current) throw new NotFound(VENDOR_NOT_FOUND_MESSAGE)
    password = await newPassword(db, current, change)
  }
  const row = await updateVendorProfile(db, id, { VendorName: input.VendorName, MobileNumber: input.Mobile, Email: input.Email }, password)
  if (!row) throw new NotFound(VENDOR_NOT_FOUND_MESSAGE)
  return { row, token: password ? await issueToken('vendor', id, row.tokenVersion, secret) : null }
}

export async function saveMarketerProfile(db: Db, secret: string, current: Marketer, input: ProfileUpdate): Promise<Saved<Marketer>> {
  const change = passwordChangeOf(input)
  const password = change ? await newPassword(db, current, change) : undefined
  const row = await updateProfile(db, current, input, password)
  return { row, token: password ? await issueToken('marketer', row.MarketerID, row.tokenVersion, secret) : null }
}

/**
 * An operator's own password: checked and written as the profile forms do (the failed-login limit,
 * one guarded statement, every older admin token revoked); a fresh token keeps this console signed in.
 */
export async function changeAdminPassword(db: Db, secret: string, admin: Admin, input: AdminPasswordInput): Promise<string> {
  const password = await newPassword(db, admin, { next: input.Password, current: input.CurrentPassword })
  const row = await updateAdminPassword(db, admin.AdminID, password.hash, password.replaces)
  if (!row) throw new Conflict(PASSWORD_CHANGE_RACE)
  return issueToken('admin', admin.AdminID, row.tokenVersion, secret)
}
