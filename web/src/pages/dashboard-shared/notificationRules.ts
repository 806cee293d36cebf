import {
  isAlwaysOn,
  KINDS_BY_ROLE,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '@contract/notifications'

// The bell's and the Notifications section's rules, apart from their components so they can be
// tested without a browser.

/** '99+' past 99: the badge keeps its size whatever the backlog. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count))

/**
 * The bell's accessible name carries the count, so a screen reader hears it without opening the
 * panel; past 99 it says what the badge shows (a name must contain the visible text, WCAG 2.5.3).
 */
export const bellLabel = (count: number) => (count > 0 ? `Notifications, ${badgeText(count)} unread` : 'Notifications')

/** Only app paths ('/vendor?tab=leads', never '//elsewhere' or 'https:'): the bell never leads off the site. */
export const isAppPath = (link: string | null): link is string => link !== null && /^\/(?!\/)/.test(link)

export type NotificationAccount = keyof typeof KINDS_BY_ROLE
export type PreferencesDraft = { mail: Partial<Record<NotificationKind, boolean>>; digest: boolean; hour: number }

/** The hour a vendor first switching to the digest is offered: the start of India's working day. */
export const DEFAULT_DIGEST_HOUR = 9

export const draftOf = (saved: NotificationPreferences): PreferencesDraft => ({
  mail: saved.mail,
  digest: saved.digestHour !== null,
  hour: saved.digestHour ?? DEFAULT_DIGEST_HOUR,
})

/** What Save sends: the switchable kinds of the account's role (a kind not yet chosen is on), and a digest hour for vendors only. */
export function preferencesInput(account: NotificationAccount, draft: PreferencesDraft): NotificationPreferencesInput {
  const kinds: readonly NotificationKind[] = KINDS_BY_ROLE[account]
  const mail = Object.fromEntries(kinds.filter((kind) => !isAlwaysOn(kind)).map((kind) => [kind, draft.mail[kind] ?? true]))
  return { mail, digestHour: account === 'vendor' && draft.digest ? draft.hour : null }
}

/**
 * The kind an unsubscribe link names, for saying what the button turns off before it is pressed.
 * The server signs 'role.account.kind.mac' (worker/domain/notifications.ts); this reads it only for
 * display and checks nothing: the server alone decides whether the token is good. Null for any
 * other shape, and the page then speaks of 'the kind of email this link came in'.
 */
export function kindNamedIn(token: string): NotificationKind | null {
  const kind = token.trim().split('.')[2] ?? ''
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind) ? (kind as NotificationKind) : null
}
