import { SUPPORT_EMAIL } from '@contract/admin'
// The legal pages' text, built from what spec 001 section 1 states. Plain data so the page
// component stays a layout and the wording can be reviewed in one place.

export const EFFECTIVE_DATE = 'January 1, 2024'
export const CONTACT_EMAIL = SUPPORT_EMAIL

export type LegalSection = { heading: string; paragraphs: string[]; points?: string[] }
export type LegalDocument = { path: string; title: string; intro: string; sections: LegalSection[] }

const terms: LegalDocument = {
  path: '/terms',
  title: 'Terms & Conditions',
  intro:
    'These terms govern your use of Collabkart, the marketplace that connects vendors (brands) with influencers (creators) in India. By creating an account or using the site you agree to them.',
  sections: [
    {
      heading: '1. Who can use Collabkart',
      paragraphs: [
        'You must be at least 18 years old to register. Users under 18 may register only with the consent of a parent or legal guardian, who accepts these terms on their behalf.',
        'You agree to give accurate details when you register and to keep your password to yourself. You are responsible for what happens under your account.',
      ],
    },
    {
      heading: '2. Vendors',
      paragraphs: ['Vendors list their products on Collabkart and set the commission they offer to influencers.'],
      points: [
        'Vendors submit products with truthful names, prices, photos and descriptions, and keep them up to date.',
        'Vendors assign campaigns and track the performance of each product through the custom links influencers share.',
        'Vendors contact the buyers who submit their interest through a shared link, and mark each lead as Pending, Lost or Converted honestly.',
      ],
    },
    {
      heading: '3. Influencers',
      paragraphs: [
        'Influencers share the custom affiliate links Collabkart gives them. A commission is earned only on leads that the vendor marks as converted.',
        'Influencers must disclose paid partnerships to their audience as required by Indian advertising guidelines, and must not use misleading claims, spam or fake traffic.',
      ],
    },
    {
      heading: '4. Payments',
      paragraphs: [
        'Commission is paid to influencers manually, by UPI or bank transfer, after the campaign has been validated. Collabkart may withhold payment for leads that are found to be fraudulent or duplicated.',
        'Earnings are not guaranteed. What you earn depends on the products you promote, your audience and the vendors’ decisions on each lead.',
      ],
    },
    {
      heading: '5. Verification and termination',
      paragraphs: [
        'Collabkart may verify and approve every vendor and influencer before or after they go live, and may ask for proof of identity or business details.',
        'We may suspend or terminate an account that breaks these terms, harms other users or breaks the law, and remove its products, links or profile.',
      ],
    },
    {
      heading: '6. Governing law',
      paragraphs: [
        'These terms are governed by the laws of India. Any dispute is subject to the exclusive jurisdiction of the courts in Lucknow, Uttar Pradesh.',
      ],
    },
  ],
}

const privacy: LegalDocument = {
  path: '/privacy',
  title: 'Privacy Policy',
  intro: 'This policy explains what personal data Collabkart collects, why, and the choices you have.',
  sections: [
    {
      heading: '1. What we collect',
      paragraphs: ['We collect only what the marketplace needs to work:'],
      points: [
        'Account details: name, email address, mobile number and a password (stored only as a salted hash).',
        'Profile details influencers choose to add: bio, location, category, social media handles and follower counts, and pictures.',
        'Buy-form details a visitor submits on a product link: name, email (optional) and phone number, shared with that product’s vendor.',
        'Usage data: pages viewed, link visits (impressions) and leads, with the time they happened.',
      ],
    },
    {
      heading: '2. Analytics and tracking',
      paragraphs: [
        'We use analytics and tracking pixels to count visits to affiliate links and to attribute leads to the influencer who shared the link. These measurements power the impressions, leads and commission figures on the dashboards.',
      ],
    },
    {
      heading: '3. Who sees your data',
      paragraphs: [
        'Public influencer profiles show the details an influencer chose to publish. A vendor sees the contact details of leads for its own products. We do not sell personal data.',
      ],
    },
    {
      heading: '4. Your rights',
      paragraphs: [
        `You can ask us to access, correct or delete your personal data by writing to ${CONTACT_EMAIL}. We answer every such request within 10 working days.`,
      ],
    },
    {
      heading: '5. Children',
      paragraphs: ['Users under 18 may register only with the consent of a parent or legal guardian.'],
    },
  ],
}

const disclaimer: LegalDocument = {
  path: '/disclaimer',
  title: 'Disclaimer',
  intro: 'Please read this disclaimer before you rely on anything shown on Collabkart.',
  sections: [
    {
      heading: '1. Earnings are not guaranteed',
      paragraphs: [
        'Figures on the home page, such as users, ratings, amounts paid out and success rates, describe the marketplace as a whole and are not a promise of what you will earn. Commission depends on the products you promote, your audience and each vendor’s decision on its leads.',
      ],
    },
    {
      heading: '2. Products and vendors',
      paragraphs: [
        'Products are listed by independent vendors. The vendor, not Collabkart, is responsible for the product, its price, its description and the sale itself.',
      ],
    },
    {
      heading: '3. Payments',
      paragraphs: [
        'Influencer commission is paid manually by UPI or bank transfer after campaign validation, and only for leads the vendor marks as converted.',
      ],
    },
    {
      heading: '4. External links',
      paragraphs: ['Product pages may link to a vendor’s own website. We are not responsible for the content or practices of other websites.'],
    },
  ],
}

const dataConsent: LegalDocument = {
  path: '/data-consent',
  title: 'Data Consent',
  intro: 'By using Collabkart you consent to the processing of your personal data as described here and in our Privacy Policy.',
  sections: [
    {
      heading: '1. What you consent to',
      paragraphs: ['You agree that we may:'],
      points: [
        'Store the details you give us to run your account and show your public profile.',
        'Use analytics and tracking pixels to count link visits and attribute leads to influencers.',
        'Share a buyer’s contact details with the vendor whose product they asked about.',
        'Verify and approve accounts, and contact you about your account.',
      ],
    },
    {
      heading: '2. Minors',
      paragraphs: ['If you are under 18, a parent or legal guardian must give this consent for you before you register.'],
    },
    {
      heading: '3. Withdrawing consent',
      paragraphs: [
        `You can withdraw your consent and ask us to delete or correct your data at any time by writing to ${CONTACT_EMAIL}. We answer within 10 working days. Deleting your data closes your account.`,
      ],
    },
    {
      heading: '4. Governing law',
      paragraphs: ['This consent is governed by Indian law; the courts in Lucknow have exclusive jurisdiction.'],
    },
  ],
}

export const LEGAL_DOCUMENTS = [terms, privacy, disclaimer, dataConsent]

// The lookbehind starts a match only at the first slash of a trailing run; `\/+$` alone would rescan
// the run from every slash in it (quadratic).
/** The path without its trailing slashes (a loop: a `/\/+$/` replace is quadratic on a long run of slashes). */
function trimTrailingSlashes(pathname: string): string {
  let end = pathname.length
  while (end > 0 && pathname[end - 1] === '/') end--
  return pathname.slice(0, end)
}

export const legalDocumentFor = (pathname: string) => LEGAL_DOCUMENTS.find((d) => d.path === trimTrailingSlashes(pathname).toLowerCase()) ?? terms
