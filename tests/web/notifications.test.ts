import { describe, expect, it } from 'vitest'
import { notificationPreferencesSchema } from '../../worker/contract/notifications'
import { formatIstHour } from '../../web/src/lib/istTime'
import { badgeText, bellLabel, draftOf, isAppPath, kindNamedIn, preferencesInput } from '../../web/src/pages/dashboard-shared/notificationRules'

describe('the bell', () => {
  it('names the unread count in its accessible name, and only when there is one', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread')
    expect(bellLabel(0)).toBe('Notifications')
    expect(bellLabel(128)).toBe('Notifications, 99+ unread')
  })

  it('shows up to 99 on the badge and 99+ past it', () => {
    expect(badgeText(1)).toBe('1')
    expect(badgeText(99)).toBe('99')
    expect(badgeText(100)).toBe('99+')
  })

  it('follows only links inside the app', () => {
    expect(isAppPath('/vendor?tab=leads')).toBe(true)
    expect(isAppPath('//evil.example/x')).toBe(false)
    expect(isAppPath('https://evil.example/')).toBe(false)
    expect(isAppPath(null)).toBe(false)
  })
})

describe('the Notifications section', () => {
  it('writes digest hours in India time on a 12-hour clock', () => {
    expect(formatIstHour(0)).toBe('12:00 AM IST')
    expect(formatIstHour(9)).toBe('9:00 AM IST')
    expect(formatIstHour(12)).toBe('12:00 PM IST')
    expect(formatIstHour(23)).toBe('11:00 PM IST')
  })

  it('sends a vendor only the kinds that can be turned off, and the digest hour when the digest is chosen', () => {
    const draft = draftOf({ mail: { 'lead-new': false, 'password-changed': true }, digestHour: 18 })
    const input = preferencesInput('vendor', draft)
    // Kinds the draft does not name (the campaign ones) stay on.
    expect(input).toEqual({ mail: { 'lead-new': false, 'deliverable-submitted': true, 'campaign-applications-waiting': true }, digestHour: 18 })
    expect(notificationPreferencesSchema.safeParse(input).success).toBe(true)
    expect(preferencesInput('vendor', { ...draft, digest: false }).digestHour).toBeNull()
  })

  it('offers 9 AM for a vendor who has not chosen a digest, and sends none for an influencer', () => {
    expect(draftOf({ mail: {}, digestHour: null })).toEqual({ mail: {}, digest: false, hour: 9 })
    const input = preferencesInput('marketer', { mail: { 'lead-converted': false }, digest: true, hour: 7 })
    expect(input).toEqual({
      mail: {
        'lead-converted': false,
        'commission-payable': true,
        'campaign-invited': true,
        'campaign-answered': true,
        'deliverable-reviewed': true,
        'deliverable-due': true,
      },
      digestHour: null,
    })
  })
})

describe('the unsubscribe page', () => {
  it('names the kind a link turns off, and nothing for a link of another shape', () => {
    expect(kindNamedIn('vendor.12.lead-new.AbCdEfGhIjKlMnOpQrStUv')).toBe('lead-new')
    expect(kindNamedIn('marketer.7.commission-payable.AbCdEfGhIjKlMnOpQrStUv')).toBe('commission-payable')
    expect(kindNamedIn('vendor.12.not-a-kind.x')).toBeNull()
    expect(kindNamedIn('garbage')).toBeNull()
    expect(kindNamedIn('')).toBeNull()
  })
})
