// Saving a profile (PUT vendors/{id}, PUT marketers/{id}), including a password change: the
// current password is checked under the failed-login limit of the account's email, the new hash
// and a raised tokenVersion are written in one statement (which revokes every token issued
// before), and a fresh token is handed back so the person who changed it stays signed in.

import { CURRENT_PASSWORD_WRONG, PASSWORD_CHANGE_RACE, passwordChangeOf } from '../contract/password'
import type { AdminPasswordInput } from '../contract/admin'
import { updateAdminPassword } from '../db/admin'
import { EMAIL_TAKEN_MESSAGE } from '../contract/auth'
import { MARKETER_NOT_FOUND, PREVIEW_SLOTS, PROFILE_CHANGED_MESSAGE, type ProfileUpdate, type SocialUpdate } from '../contract/marketer'
import { PICTURE_RACE_MESSAGE } from '../contract/product'
import { VENDOR_NOT_FOUND_MESSAGE, type VendorUpdate } from '../contract/vendor'
import { type Db, isUniqueViolation } from '../db/client'
import { findMarketer, findMarketerByEmail, replaceProfilePicture, socialAfterSave, updateProfile, updateSocialMedia } from '../db/marketers'
import { deleteMedia, replaceImage, withStoredImages } from '../db/media'
import type { Admin, Marketer, Vendor } from '../db/schema'
import { findVendor, findVendorByEmail, type NewPassword, replaceProfilePic, type VendorProfileInput, updateVendorProfile } from '../db/vendors'
import { Conflict, InvalidInput, NotFound } from '../domain/errors'
import { hashPassword } from '../domain/passwords'
import { refuseCommonPassword } from '../domain/password-rules'
import { planPreview } from '../domain/previews'
import { checkPasswordLimited } from './accounts'
import { checkImage } from './media'
import { issueToken } from './session'
import { assertHandleClaimable, handleToRemember } from './storefront'
import { sendVerificationLink } from './email-verification'
import type { Events } from './event-sink'
import type { Later } from './later-sink'

/** The influencer's record: 404 when there is none. */
export async function loadMarketer(db: Db, id: number): Promise<Marketer> {
  const row = await findMarketer(db, id)
  if (!row) throw new NotFound(MARKETER_NOT_FOUND)
  return row
}

/** Another account took the email between the check and the write: the same 409 as the check. */
async function emailSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(EMAIL_TAKEN_MESSAGE)
    throw err
  }
}

type Credentials = { Email: string; PasswordHash: string }

/**
 * 400 when the new password is a common one, or when `current` is not the account's password (that
 * counts as a failed login: 429 at the limit).
 * `iterations`: the new hash's cost (passwordIterations).
 */
export async function newPassword(
  db: Db,
  secret: string,
  account: Credentials,
  change: { next: string; current: string },
  network: string,
  iterations: number,
): Promise<NewPassword> {
  refuseCommonPassword(change.next)
  if (!(await checkPasswordLimited(db, secret, account.Email, change.current, account.PasswordHash, network, iterations))) {
    throw new InvalidInput(CURRENT_PASSWORD_WRONG)
  }
  return { hash: await hashPassword(change.next, iterations), replaces: account.PasswordHash }
}

/** The saved row, and a fresh token when the password changed (every older one stops working). */
export type Saved<Row> = { row: Row; token: string | null }

/**
 * Writes a vendor's profile: an email another vendor uses (even in a race) is 409; with `password`,
 * a password changed since it was checked is 409 too, and nothing changes.
 */
export async function writeVendorProfile(db: Db, id: number, input: VendorProfileInput, password?: NewPassword): Promise<Vendor> {
  const holder = await findVendorByEmail(db, input.Email)
  if (holder && holder.VendorID !== id) throw new Conflict(EMAIL_TAKEN_MESSAGE)
  const row = await emailSafe(() => updateVendorProfile(db, id, input, password))
  if (row) return row
  if (password && (await findVendor(db, id))) throw new Conflict(PASSWORD_CHANGE_RACE)
  throw new NotFound(VENDOR_NOT_FOUND_MESSAGE)
}

/** The influencer's side of writeVendorProfile. */
export async function writeMarketerProfile(db: Db, current: Marketer, input: ProfileUpdate, password?: NewPassword): Promise<Marketer> {
  if (input.Email !== current.Email) {
    const other = await findMarketerByEmail(db, input.Email)
    if (other && other.MarketerID !== current.MarketerID) throw new Conflict(EMAIL_TAKEN_MESSAGE)
  }
  await assertHandleClaimable(db, current.MarketerID, socialAfterSave(input, current))
  const formerHandle = await handleToRemember(db, current)
  const row = await emailSafe(() => updateProfile(db, current, input, password, formerHandle))
  if (row) return row
  if (password && (await findMarketer(db, current.MarketerID))) throw new Conflict(PASSWORD_CHANGE_RACE)
  throw new NotFound(MARKETER_NOT_FOUND)
}

/** A password set by its owner: the owner is told (mail and bell). */
const passwordChanged = (role: 'vendor' | 'marketer', accountId: number, tokenVersion: number) =>
  ({ type: 'password.changed', role, accountId, tokenVersion, at: new Date().toISOString() }) as const

/** A new email is unverified again: its verification link goes out after the answer. */
export async function saveVendorProfile(
  db: Db,
  events: Events,
  later: Later,
  secret: string,
  id: number,
  input: VendorUpdate,
  network: string,
  iterations: number,
): Promise<Saved<Vendor>> {
  const change = passwordChangeOf(input)
  const current = await findVendor(db, id)
  if (!current) throw new NotFound(VENDOR_NOT_FOUND_MESSAGE)
  const password = change ? await newPassword(db, secret, current, change, network, iterations) : undefined
  const row = await writeVendorProfile(db, id, { VendorName: input.VendorName, MobileNumber: input.Mobile, Email: input.Email }, password)
  if (password) await events.raise(passwordChanged('vendor', id, row.tokenVersion))
  if (row.Email !== current.Email) later.run((env) => sendVerificationLink(db, env, 'vendor', id))
  return { row, token: password ? await issueToken('vendor', id, row.tokenVersion, secret) : null }
}

/** The influencer's side of saveVendorProfile. */
export async function saveMarketerProfile(
  db: Db,
  events: Events,
  later: Later,
  secret: string,
  current: Marketer,
  input: ProfileUpdate,
  network: string,
  iterations: number,
): Promise<Saved<Marketer>> {
  const change = passwordChangeOf(input)
  const password = change ? await newPassword(db, secret, current, change, network, iterations) : undefined
  const row = await writeMarketerProfile(db, current, input, password)
  if (password) await events.raise(passwordChanged('marketer', row.MarketerID, row.tokenVersion))
  if (row.Email !== current.Email) later.run((env) => sendVerificationLink(db, env, 'marketer', row.MarketerID))
  return { row, token: password ? await issueToken('marketer', row.MarketerID, row.tokenVersion, secret) : null }
}

/**
 * An operator's own password: checked and written as the profile forms do (the failed-login limit,
 * one guarded statement, every older admin token revoked); a fresh token keeps this console signed in.
 */
export async function changeAdminPassword(
  db: Db,
  secret: string,
  admin: Admin,
  input: AdminPasswordInput,
  network: string,
  iterations: number,
): Promise<string> {
  const password = await newPassword(db, secret, admin, { next: input.Password, current: input.CurrentPassword }, network, iterations)
  const row = await updateAdminPassword(db, admin.AdminID, password.hash, password.replaces)
  if (!row) throw new Conflict(PASSWORD_CHANGE_RACE)
  return issueToken('admin', admin.AdminID, row.tokenVersion, secret)
}

/**
 * PUT marketers/social-media/{id}: the whole setup form. New preview images are stored in R2 first
 * (and removed again if the write fails); previews that were replaced or cleared are deleted after.
 * A save that landed since `current` was read makes this one 409.
 */
export async function saveSocialMedia(db: Db, bucket: R2Bucket, current: Marketer, input: SocialUpdate): Promise<Marketer> {
  const stored = PREVIEW_SLOTS.map((slot) => current[slot])
  const plans = PREVIEW_SLOTS.map((slot) => planPreview(input[slot], stored))
  const problem = plans.find((plan) => 'problem' in plan)
  if (problem && 'problem' in problem) throw new InvalidInput(problem.problem)
  const uploads = plans.flatMap((plan) => ('upload' in plan ? [plan.upload] : []))
  await assertHandleClaimable(db, current.MarketerID, socialAfterSave(input))
  const formerHandle = await handleToRemember(db, current)
  const row = await withStoredImages(bucket, 'previews', uploads, async (keys) => {
    const fresh = [...keys]
    const previews = plans.map((plan) => ('keep' in plan ? plan.keep : 'upload' in plan ? (fresh.shift() ?? null) : null))
    const row = await updateSocialMedia(db, current, input, previews, formerHandle)
    if (row) return row
    await loadMarketer(db, current.MarketerID)
    throw new Conflict(PROFILE_CHANGED_MESSAGE)
  })
  const kept = new Set(PREVIEW_SLOTS.map((slot) => row[slot]))
  await deleteMedia(
    bucket,
    stored.filter((path) => path && !kept.has(path)),
  )
  return row
}

/**
 * POST vendors/upload/vendor-profile/{id}: the new picture replaces the old, which leaves R2.
 * Written only while the record still holds the old picture: of two uploads at once, one gets 409.
 */
export async function changeVendorPicture(db: Db, bucket: R2Bucket, id: number, file: File): Promise<Vendor> {
  const image = await checkImage(file)
  const vendor = await findVendor(db, id)
  if (!vendor) throw new NotFound(VENDOR_NOT_FOUND_MESSAGE)
  const previous = vendor.VendorProfilePic
  return replaceImage(bucket, 'vendors', image, previous, async (path) => {
    const row = await replaceProfilePic(db, id, previous, path)
    if (!row) throw new Conflict(PICTURE_RACE_MESSAGE)
    return row
  })
}

/** POST marketers/upload/marketer-profile/{id}: as changeVendorPicture; the new picture's media path. */
export async function changeMarketerPicture(db: Db, bucket: R2Bucket, id: number, file: File): Promise<string> {
  const image = await checkImage(file)
  const previous = (await loadMarketer(db, id)).MarketerProfilePic
  return replaceImage(bucket, 'marketers', image, previous, async (path) => {
    if (!(await replaceProfilePicture(db, id, previous, path))) throw new Conflict(PICTURE_RACE_MESSAGE)
    return path
  })
}
