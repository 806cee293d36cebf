import { type DisplayMarketer, MARKETER_DEFAULTS, PLACEHOLDER_PREVIEWS } from './influencer'

// The client data cache of spec 000 sections 3, 4, 8 and 9: one localStorage key, four collections,
// five minutes of freshness, and the 4 MB and quota rules. Kept as plain functions over a plain
// object so the rules can be tested without a browser; `appCache` below binds them to localStorage.
// (A query library would still need a custom serializer for the field whitelist and both size
// cuts, which is most of this file, and would weigh more than it.)

export const CACHE_KEY = 'appDataCache'
export const CACHE_TTL_MS = 5 * 60 * 1000
export const MAX_CACHE_BYTES = 4 * 1024 * 1024
export const OVERSIZE_LIMIT = 50
export const QUOTA_LIMIT = 10

export const COLLECTIONS = ['influencers', 'products', 'vendors', 'marketers'] as const
export type Collection = (typeof COLLECTIONS)[number]

export type CacheEntry = {
  data: unknown[] | null
  loading: boolean
  error: string | null
  timestamp: number | null
  /**
   * The last list a fetch delivered, kept when an error nulls `data` (the spec's rule) so the
   * fallback survives a second, third... failure. Absent while `data` holds the list.
   */
  lastGood?: unknown[]
}
export type AppDataCache = Record<Collection, CacheEntry>

/** The influencer fields that are persisted; bio and previews fall back to defaults when read back. */
export type PersistedMarketer = Pick<DisplayMarketer, 'id' | 'name' | 'handle' | 'followers' | 'engagementRate' | 'category' | 'location' | 'verified'> & {
  profileImage: string | null
}

const emptyEntry = (): CacheEntry => ({ data: null, loading: false, error: null, timestamp: null })

export function emptyCache(): AppDataCache {
  return { influencers: emptyEntry(), products: emptyEntry(), vendors: emptyEntry(), marketers: emptyEntry() }
}

export const setData = (cache: AppDataCache, key: Collection, data: unknown[], now = Date.now()): AppDataCache => ({
  ...cache,
  [key]: { data, loading: false, error: null, timestamp: now },
})

export const setLoading = (cache: AppDataCache, key: Collection, loading: boolean): AppDataCache => ({
  ...cache,
  [key]: { ...cache[key], loading },
})

/** The last list fetched successfully: the current data, or what an error set aside. */
const lastGoodOf = (entry: CacheEntry) => entry.data ?? entry.lastGood

/**
 * An error clears the data (spec 000 section 4: the copy is no longer fresh) but sets it aside as
 * `lastGood`, the fallback the pages show while the API cannot be reached, however often it fails.
 */
export function setError(cache: AppDataCache, key: Collection, error: string): AppDataCache {
  const lastGood = lastGoodOf(cache[key])
  return { ...cache, [key]: { data: null, loading: false, error, timestamp: cache[key].timestamp, ...(lastGood ? { lastGood } : {}) } }
}

/** Wipes the collection, fallback included. */
export const clearCollection = (cache: AppDataCache, key: Collection): AppDataCache => ({
  ...cache,
  [key]: { data: null, loading: cache[key].loading, error: cache[key].error, timestamp: null },
})

/** Marks the data as fetched now without changing it. */
export const touch = (cache: AppDataCache, key: Collection, now = Date.now()): AppDataCache => ({
  ...cache,
  [key]: { ...cache[key], timestamp: now },
})

export const isStale = (entry: CacheEntry, now = Date.now()) => entry.timestamp === null || now - entry.timestamp > CACHE_TTL_MS

function persistMarketer(value: unknown): PersistedMarketer | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Partial<DisplayMarketer>
  if (typeof v.id !== 'number') return null
  return {
    id: v.id,
    name: v.name ?? '',
    handle: v.handle ?? MARKETER_DEFAULTS.handle,
    followers: v.followers ?? 0,
    engagementRate: v.engagementRate ?? 0,
    category: v.category ?? MARKETER_DEFAULTS.category,
    location: v.location ?? MARKETER_DEFAULTS.location,
    verified: v.verified === true,
    profileImage: v.profileImage ?? null,
  }
}

/** A persisted influencer back in display form: what was not kept gets the spec's defaults. */
export function restoreMarketer(p: PersistedMarketer): DisplayMarketer {
  return { ...p, bio: MARKETER_DEFAULTS.bio, content: [...PLACEHOLDER_PREVIEWS] }
}

/** A list as it is stored: influencers reduced to the persisted fields, cut to `limit`. */
function storedList(key: Collection, list: unknown[], limit?: number): unknown[] {
  let out = key === 'influencers' ? list.map(persistMarketer).filter((v) => v !== null) : list
  if (limit !== undefined) out = out.slice(0, limit)
  return out
}

/** What goes to storage: loading flags off, influencers reduced to the persisted fields, lists cut to `limit`. */
export function toStored(cache: AppDataCache, limit?: number): AppDataCache {
  const out = emptyCache()
  for (const key of COLLECTIONS) {
    const entry = cache[key]
    const data = entry.data ? storedList(key, entry.data, limit) : null
    out[key] = { data, loading: false, error: entry.error, timestamp: entry.timestamp }
    if (entry.lastGood) out[key].lastGood = storedList(key, entry.lastGood, limit)
  }
  return out
}

const isEntry = (value: unknown): value is CacheEntry =>
  typeof value === 'object' &&
  value !== null &&
  'data' in value &&
  (value.data === null || Array.isArray(value.data)) &&
  'timestamp' in value &&
  (value.timestamp === null || typeof value.timestamp === 'number')

/** Parses the stored cache; null when it is missing, unreadable or not the right shape. */
export function parseCache(raw: string | null): AppDataCache | null {
  if (raw === null) return null
  try {
    const value = JSON.parse(raw) as Record<string, unknown>
    if (typeof value !== 'object' || value === null) return null
    const cache = emptyCache()
    for (const key of COLLECTIONS) {
      const entry = value[key]
      if (entry === undefined) continue
      if (!isEntry(entry)) return null
      cache[key] = { data: entry.data, loading: false, error: typeof entry.error === 'string' ? entry.error : null, timestamp: entry.timestamp }
      if ('lastGood' in entry && Array.isArray(entry.lastGood)) cache[key].lastGood = entry.lastGood
    }
    const restore = (list: unknown[]) =>
      list
        .map(persistMarketer)
        .filter((v) => v !== null)
        .map(restoreMarketer)
    if (cache.influencers.data) cache.influencers.data = restore(cache.influencers.data)
    if (cache.influencers.lastGood) cache.influencers.lastGood = restore(cache.influencers.lastGood)
    return cache
  } catch {
    return null
  }
}

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>

const isQuotaError = (err: unknown) => err instanceof DOMException && (err.name === 'QuotaExceededError' || err.name === 'NS_ERROR_DOM_QUOTA_REACHED')

/** Reads the cache; a corrupt copy is removed and an empty cache returned. */
export function loadCache(storage: StorageLike | null): AppDataCache {
  if (!storage) return emptyCache()
  let raw: string | null
  try {
    raw = storage.getItem(CACHE_KEY)
  } catch {
    return emptyCache()
  }
  const parsed = parseCache(raw)
  if (parsed) return parsed
  if (raw !== null) {
    try {
      storage.removeItem(CACHE_KEY)
    } catch {
      // nothing more to do: the next save overwrites it
    }
  }
  return emptyCache()
}

/**
 * Writes the cache. Over 4 MB serialized, each list is cut to 50 items; a quota error clears all
 * storage (spec 000 section 9) and retries with lists cut to 10. Returns what was written, or null.
 */
export function saveCache(storage: StorageLike | null, cache: AppDataCache): string | null {
  if (!storage) {
    console.warn('appDataCache: storage is unavailable, the cache is not saved')
    return null
  }
  let text = JSON.stringify(toStored(cache))
  if (text.length > MAX_CACHE_BYTES) text = JSON.stringify(toStored(cache, OVERSIZE_LIMIT))
  try {
    storage.setItem(CACHE_KEY, text)
    return text
  } catch (err) {
    if (!isQuotaError(err)) {
      console.warn('appDataCache: storage refused the cache', err)
      return null
    }
  }
  console.warn('appDataCache: storage quota exceeded, clearing storage and keeping 10 items per list')
  try {
    storage.clear()
    text = JSON.stringify(toStored(cache, QUOTA_LIMIT))
    storage.setItem(CACHE_KEY, text)
    return text
  } catch {
    return null
  }
}

function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

// Full records of this page session: storage keeps only the persisted fields, so a fresh copy in
// memory (with bios and previews) is preferred while the tab lives. It is kept when a later fetch
// fails: it is still the best copy this tab has.
const memory = new WeakMap<StorageLike, Map<Collection, { data: unknown[]; timestamp: number }>>()

function memoryOf(storage: StorageLike) {
  let map = memory.get(storage)
  if (!map) {
    map = new Map()
    memory.set(storage, map)
  }
  return map
}

/** Collections whose stored copy lacks fields the pages show (spec 000 section 3 persists only some influencer fields). */
const PARTLY_PERSISTED: ReadonlySet<Collection> = new Set(['influencers'])

/**
 * The smart fetch of spec 000 section 4: fresh cached data unless `force`; otherwise fetch, store
 * and return; on failure store the error message (which drops the data) and rethrow. Callers that
 * fall back to cached data read it with `cachedData` before calling.
 *
 * A fresh stored copy of influencers is only the persisted fields: after a reload (nothing in
 * memory) it is not enough to show, so it is fetched again. The page shows the stored copy at once
 * (`cachedData`) and this fetch completes it.
 */
export async function cachedFetch<T>(
  key: Collection,
  fetcher: () => Promise<T[]>,
  options: { force?: boolean; storage?: StorageLike | null; now?: () => number } = {},
): Promise<T[]> {
  const storage = options.storage === undefined ? browserStorage() : options.storage
  const now = options.now ?? Date.now
  const cache = loadCache(storage)
  const entry = cache[key]
  if (!options.force && entry.data && !isStale(entry, now())) {
    const held = storage ? memoryOf(storage).get(key) : undefined
    if (held && held.timestamp === entry.timestamp) return held.data as T[]
    if (!PARTLY_PERSISTED.has(key)) return entry.data as T[]
  }
  saveCache(storage, setLoading(cache, key, true))
  try {
    const data = await fetcher()
    const timestamp = now()
    saveCache(storage, setData(loadCache(storage), key, data, timestamp))
    if (storage) memoryOf(storage).set(key, { data, timestamp })
    return data
  } catch (err) {
    saveCache(storage, setError(loadCache(storage), key, err instanceof Error ? err.message : String(err)))
    throw err
  }
}

/**
 * The best copy of a collection this tab has (any age), for showing at once and for the fallbacks
 * after a failed fetch: the full records fetched in this tab, else the stored data, else the list
 * an error set aside.
 */
export function cachedData<T>(key: Collection, storage: StorageLike | null = browserStorage()): T[] | null {
  const held = storage ? memoryOf(storage).get(key) : undefined
  if (held) return held.data as T[]
  const entry = loadCache(storage)[key]
  return (lastGoodOf(entry) ?? null) as T[] | null
}
