// The buy form's notice under India's Digital Personal Data Protection Act, 2023. A lead records
// the version its buyer saw and when they agreed (pressing 'Buy Now' after reading it). Change the
// version whenever the text changes.

export const DPDP_NOTICE_VERSION = '2026-11-v1'

/** What the notice says, for a brand name (or 'the seller'). */
export const dpdpNotice = (brand: string) =>
  `We collect your name, phone and (if you give it) email only so that ${brand} can contact you about this order. ` +
  `Only ${brand} receives them. To have them erased, write to privacy@collabkart.in with your phone number.`
