// Lead shapes as the API returns them, and the buy form and status rules shared with the web app.

import * as z from 'zod/mini'
import { capped, EMAIL_MAX, EMAIL_PATTERN, NAME_MAX, positiveId } from './fields'
import { INDIAN_MOBILE_PATTERN, MOBILE_NOT_INDIAN_MESSAGE, normalizeMobile } from './phone'

export const LEAD_STATUSES = ['Pending', 'Lost', 'Converted'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

export const leadSchema = z.object({
  LeadID: z.number(),
  Status: z.enum(LEAD_STATUSES),
  ClientName: z.string(),
  /** Shown in full to the vendor; masked (first 2 and last 2 characters) to the influencer. */
  ClientEmail: z.nullable(z.string()),
  ClientPhone: z.string(),
  createdAt: z.string(),
  ProductID: z.nullable(z.number()),
  VendorID: z.number(),
  MarketerID: z.number(),
  /** Snapshots taken when the lead was created (rupees). */
  Price: z.string(),
  CommissionAmount: z.number(),
  Product: z.object({ ProductID: z.nullable(z.number()), ProductName: z.string(), Price: z.string(), ImageURL: z.string() }),
  Marketer: z.object({ MarketerID: z.number(), MarketerName: z.string() }),
  Vendor: z.object({ VendorID: z.number(), VendorName: z.string() }),
})
export type LeadDTO = z.output<typeof leadSchema>

/** POST leads/create answers the new lead's id, or null when the same enquiry was already received. */
export const leadCreatedSchema = z.nullable(
  z.object({
    LeadID: z.number(),
    /** Why the creator code the buyer typed was not applied (the lead stays with the link's creator); null otherwise. */
    CodeNotice: z.nullable(z.string()),
  }),
)
export type LeadCreated = z.output<typeof leadCreatedSchema>

// Spec 001 section 5 (Buy form), character for character; the link and email messages are ours.
export const LEAD_MESSAGES = {
  linkInvalid: 'This product link is not valid',
  unavailable: 'This product is no longer available',
  nameRequired: 'Please Enter Your Name',
  nameTooLong: 'Name should be less than 50 characters.',
  // Ours (decision 249): a single letter is no name the vendor can call a buyer by.
  nameTooShort: 'Name should be at least 2 characters.',
  phoneRequired: 'Please Enter Your Mobile Number',
  phoneInvalid: 'Mobile number should be exactly 10 digits',
  phoneNotIndian: MOBILE_NOT_INDIAN_MESSAGE,
  emailInvalid: 'Invalid email format',
  tooMany: 'Too many requests from your network. Please try again in an hour.',
  ownLink: 'This is your own link: buyers enquire through it, you cannot.',
  created: 'Thank you! We will contact you shortly.',
  codeInvalid: 'The creator code should be text',
  duplicate: 'We already have your request for this product. We will contact you shortly.',
} as const

export const LEAD_STATUS_MESSAGE = 'Status should be Pending, Lost or Converted'
export const LEAD_NOT_FOUND_MESSAGE = 'Lead not found'

/** What the buy form sends: the ids come from the shared link's query, the rest from the visitor. */
export type LeadFormValues = {
  ProductID?: string | number
  VendorID?: string | number
  MarketerID?: string | number
  ClientName?: string
  ClientEmail?: string | null
  ClientPhone?: string
  /** A creator code the buyer typed; blank is none. */
  CreatorCode?: string | null
  /** The campaign of a campaign link; a value that is not an id is ignored, never refused. */
  CampaignID?: string | number | null
}

const toId = positiveId

/** The shortest buyer name taken (decision 249). */
export const CLIENT_NAME_MIN = 2

/** The first problem with a buy form: a broken link first (the visitor cannot fix it), then the spec's order. */
export function leadProblem(v: LeadFormValues): string | null {
  const m = LEAD_MESSAGES
  if (toId(v.ProductID) === null || toId(v.VendorID) === null || toId(v.MarketerID) === null) return m.linkInvalid
  const name = (v.ClientName ?? '').trim()
  if (!name) return m.nameRequired
  if (name.length < CLIENT_NAME_MIN) return m.nameTooShort
  if (name.length > NAME_MAX) return m.nameTooLong
  const typed = (v.ClientPhone ?? '').trim()
  if (!typed) return m.phoneRequired
  // Linear in the input (one replace, one anchored pattern without nested repeats): no cap needed first.
  const phone = normalizeMobile(typed)
  if (!/^\d{10}$/.test(phone)) return m.phoneInvalid
  if (!INDIAN_MOBILE_PATTERN.test(phone)) return m.phoneNotIndian
  // The email may be left blank, but what is typed must be an address.
  const email = (v.ClientEmail ?? '').trim()
  // The length first: no pattern runs on more than an address can hold.
  if (email && (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email))) return m.emailInvalid
  return null
}

export type LeadInput = {
  ProductID: number
  VendorID: number
  MarketerID: number
  ClientName: string
  ClientEmail: string | null
  ClientPhone: string
  /** Trimmed; null when the buyer typed none. */
  CreatorCode?: string | null
  /** The link's campaign, if any: the server decides whether the lead carries it (services/campaign-links.ts). */
  CampaignID?: number | null
}

// Only reached once leadProblem found nothing.
const toLeadInput = (v: LeadFormValues): LeadInput => ({
  ProductID: toId(v.ProductID) ?? 0,
  VendorID: toId(v.VendorID) ?? 0,
  MarketerID: toId(v.MarketerID) ?? 0,
  ClientName: (v.ClientName ?? '').trim(),
  ClientEmail: (v.ClientEmail ?? '').trim().toLowerCase() || null,
  ClientPhone: normalizeMobile(v.ClientPhone ?? ''),
  // Any text is taken (cut to 40 characters): an unknown code is the buyer's notice, not a refusal.
  CreatorCode: (v.CreatorCode ?? '').trim().slice(0, 40) || null,
  CampaignID: toId(v.CampaignID),
})

const id = z.optional(z.union([z.string(), z.number()], { error: LEAD_MESSAGES.linkInvalid }))
const leadFields = z.object(
  {
    ProductID: id,
    VendorID: id,
    MarketerID: id,
    ClientName: z.optional(z.string({ error: LEAD_MESSAGES.nameRequired })),
    ClientEmail: z.optional(z.nullable(z.string({ error: LEAD_MESSAGES.emailInvalid }))),
    ClientPhone: z.optional(z.string({ error: LEAD_MESSAGES.phoneRequired })),
    CreatorCode: z.optional(z.nullable(z.string({ error: LEAD_MESSAGES.codeInvalid }).check(capped(200, LEAD_MESSAGES.codeInvalid)))),
    // Any other type is read as no campaign: an old or edited link still makes its lead.
    CampaignID: z.catch(z.optional(z.nullable(z.union([z.string(), z.number()]))), undefined),
  },
  { error: LEAD_MESSAGES.linkInvalid },
)

export const createLeadSchema = z.pipe(
  leadFields.check(
    z.superRefine((values, ctx) => {
      const message = leadProblem(values)
      if (message) ctx.addIssue({ code: 'custom', message, input: values })
    }),
  ),
  z.transform(toLeadInput),
)

export const LEAD_REASON_MIN = 3
export const LEAD_REASON_MAX = 300

/** The status change's reason: optional, but required whenever the change moves commission money. */
export const LEAD_REASON_MESSAGES = {
  length: `Reason should be ${LEAD_REASON_MIN} to ${LEAD_REASON_MAX} characters`,
  required: `This change moves commission money: please give the reason (${LEAD_REASON_MIN} to ${LEAD_REASON_MAX} characters)`,
} as const

/** Blank is no reason; anything else is trimmed and 3 to 300 characters. */
const reasonField = z.pipe(
  z.optional(
    z.nullable(
      z.string({ error: LEAD_REASON_MESSAGES.length }).check(
        capped(LEAD_REASON_MAX * 4, LEAD_REASON_MESSAGES.length),
        z.trim(),
        z.refine((v) => v === '' || (v.length >= LEAD_REASON_MIN && v.length <= LEAD_REASON_MAX), LEAD_REASON_MESSAGES.length),
      ),
    ),
  ),
  z.transform((v: string | null | undefined) => v || null),
)

/** PUT leads/status/{id}: the spec's `{ Status }`, and the Reason this API adds. */
export const leadStatusSchema = z.object({ Status: z.enum(LEAD_STATUSES, { error: LEAD_STATUS_MESSAGE }), Reason: reasonField }, { error: LEAD_STATUS_MESSAGE })
export type LeadStatusInput = z.input<typeof leadStatusSchema>

/** GET leads/status/{id}/effect?Status=: what the change would do to the ledger, before the vendor confirms it. */
export const leadStatusEffectQuerySchema = z.object({ Status: z.enum(LEAD_STATUSES, { error: LEAD_STATUS_MESSAGE }) })

/**
 * The money a status change moves, in rupees (zero when it moves none of that kind): the open
 * commission it reverses, the paid commission it deducts from the next payout, the open deduction
 * it cancels, and the commission it adds. `reasonRequired` is false only for a change that moves
 * nothing, or for a lead's first conversion.
 */
export const leadStatusEffectSchema = z.object({
  LeadID: z.number(),
  from: z.enum(LEAD_STATUSES),
  to: z.enum(LEAD_STATUSES),
  MarketerName: z.string(),
  reversed: z.number(),
  deducted: z.number(),
  restored: z.number(),
  commission: z.number(),
  reasonRequired: z.boolean(),
})
export type LeadStatusEffect = z.output<typeof leadStatusEffectSchema>

/** PUT leads/status/{id} answers the lead's new status and the reason kept with the ledger entries. */
export const leadStatusChangedSchema = z.object({ LeadID: z.number(), Status: z.enum(LEAD_STATUSES), Reason: z.nullable(z.string()) })
export type LeadStatusChanged = z.output<typeof leadStatusChangedSchema>
