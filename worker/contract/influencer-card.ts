// What an influencer card shows for what its record leaves blank (spec 000/001 section 3). The
// directory's filters match these too: migration list_search's marketer_search_text writes the
// same text in SQL, and the countries filter treats a blank location as this one.

export const MARKETER_DEFAULTS = {
  handle: '@influencer',
  category: 'Lifestyle',
  location: 'United States',
  bio: 'Content creator and influencer',
} as const
