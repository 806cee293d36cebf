import { describe, expect, it, vi } from 'vitest'
import {
  CACHE_KEY,
  CACHE_TTL_MS,
  cachedData,
  cachedFetch,
  clearCollection,
  emptyCache,
  isStale,
  loadCache,
  MAX_CACHE_BYTES,
  saveCache,
  setData,
  setError,
  type StorageLike,
  touch,
} from '../../web/src/lib/cache'
import { type DisplayMarketer, MARKETER_DEFAULTS, PLACEHOLDER_PREVIEWS, toDisplayMarketer } from '../../web/src/lib/influencer'

/** An in-memory localStorage that can be told to refuse writes over a size, like a full quota. */
function memoryStorage(quotaChars = Number.POSITIVE_INFINITY) {
  const items = new Map<string, string>()
  const storage: StorageLike & { items: Map<string, string>; cleared: number } = {
    items,
    cleared: 0,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => {
      if (v.length > quotaChars) throw new DOMException('full', 'QuotaExceededError')
      items.set(k, v)
    },
    removeItem: (k) => void items.delete(k),
    clear: () => {
      storage.cleared++
      items.clear()
    },
  }
  return storage
}

/** The same stored items seen by a new page (a reload): the tab's memory is keyed by the storage object. */
function reloaded(storage: ReturnType<typeof memoryStorage>): StorageLike {
  return {
    getItem: (k) => storage.getItem(k),
    setItem: (k, v) => storage.setItem(k, v),
    removeItem: (k) => storage.removeItem(k),
    clear: () => storage.clear(),
  }
}

const marketer = (id: number, extra: Partial<DisplayMarketer> = {}): DisplayMarketer => ({
  ...toDisplayMarketer({ MarketerID: id, MarketerName: `Creator ${id}`, Bio: 'Real bio', totalReachRaw: id * 1000, engagementRate: 3.2 }),
  ...extra,
})

const stored = (storage: ReturnType<typeof memoryStorage>) => JSON.parse(storage.items.get(CACHE_KEY) ?? 'null')

describe('app data cache', () => {
  it('holds four collections, each with data, loading, error and timestamp', () => {
    const cache = emptyCache()
    expect(Object.keys(cache).sort()).toEqual(['influencers', 'marketers', 'products', 'vendors'])
    expect(cache.products).toEqual({ data: null, loading: false, error: null, timestamp: null })
  })

  it('stamps data, nulls it on error, wipes it on clear and only re-stamps on refresh', () => {
    let cache = setData(emptyCache(), 'products', [1, 2], 1000)
    expect(cache.products).toEqual({ data: [1, 2], loading: false, error: null, timestamp: 1000 })
    expect(touch(cache, 'products', 5000).products).toEqual({ data: [1, 2], loading: false, error: null, timestamp: 5000 })
    cache = setError(cache, 'products', 'boom')
    expect(cache.products.data).toBeNull()
    expect(cache.products.error).toBe('boom')
    expect(clearCollection(setData(cache, 'vendors', [1], 9), 'vendors').vendors).toMatchObject({ data: null, timestamp: null })
  })

  it('is fresh for five minutes and stale without a timestamp or after that', () => {
    const entry = setData(emptyCache(), 'influencers', [], 0).influencers
    expect(isStale(entry, CACHE_TTL_MS)).toBe(false)
    expect(isStale(entry, CACHE_TTL_MS + 1)).toBe(true)
    expect(isStale(emptyCache().influencers, 0)).toBe(true)
  })

  it('persists only the allowed influencer fields and restores the rest with defaults', () => {
    const storage = memoryStorage()
    saveCache(storage, setData(emptyCache(), 'influencers', [marketer(7, { profileImage: 'marketers/7/me.jpg', content: ['a.jpg', 'b.jpg', 'c.jpg'] })], 1))
    expect(Object.keys(stored(storage).influencers.data[0]).sort()).toEqual(
      ['category', 'engagementRate', 'followers', 'handle', 'id', 'location', 'name', 'profileImage', 'verified'].sort(),
    )
    const back = loadCache(storage).influencers.data?.[0] as DisplayMarketer
    expect(back).toMatchObject({ id: 7, name: 'Creator 7', profileImage: 'marketers/7/me.jpg', bio: MARKETER_DEFAULTS.bio })
    expect(back.content).toEqual([...PLACEHOLDER_PREVIEWS])
  })

  it('cuts every list to 50 items when the cache would pass 4 MB', () => {
    const storage = memoryStorage()
    const big = Array.from({ length: 400 }, (_, i) => ({ ProductID: i, blob: 'x'.repeat(12_000) }))
    let cache = setData(emptyCache(), 'products', big, 1)
    cache = setData(cache, 'vendors', big.slice(0, 80), 1)
    const text = saveCache(storage, cache)
    expect(JSON.stringify(big).length).toBeGreaterThan(MAX_CACHE_BYTES)
    expect(text).not.toBeNull()
    expect(stored(storage).products.data).toHaveLength(50)
    expect(stored(storage).vendors.data).toHaveLength(50)
  })

  it('clears all storage and keeps 10 items per list when the quota is exceeded', () => {
    const storage = memoryStorage(20_000)
    storage.setItem('token', 'abc')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const list = Array.from({ length: 40 }, (_, i) => ({ ProductID: i, blob: 'y'.repeat(1_000) }))
    saveCache(storage, setData(emptyCache(), 'products', list, 1))
    expect(storage.cleared).toBe(1)
    expect(storage.items.has('token')).toBe(false)
    expect(stored(storage).products.data).toHaveLength(10)
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })

  it('removes a corrupt cache and starts empty', () => {
    for (const bad of ['{not json', '{"influencers":{"data":"nope","timestamp":1}}', '42']) {
      const storage = memoryStorage()
      storage.setItem(CACHE_KEY, bad)
      expect(loadCache(storage)).toEqual(emptyCache())
      expect(storage.items.has(CACHE_KEY)).toBe(false)
    }
  })

  it('warns and skips saving when storage is unavailable', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(saveCache(null, emptyCache())).toBeNull()
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })

  it('answers from the cache while fresh, fetches again when stale or forced', async () => {
    const storage = memoryStorage()
    let now = 0
    const fetcher = vi.fn(async () => [marketer(1)])
    await cachedFetch('influencers', fetcher, { storage, now: () => now })
    now = CACHE_TTL_MS - 1
    await cachedFetch('influencers', fetcher, { storage, now: () => now })
    expect(fetcher).toHaveBeenCalledTimes(1)
    await cachedFetch('influencers', fetcher, { storage, now: () => now, force: true })
    expect(fetcher).toHaveBeenCalledTimes(2)
    now += CACHE_TTL_MS + 1
    await cachedFetch('influencers', fetcher, { storage, now: () => now })
    expect(fetcher).toHaveBeenCalledTimes(3)
  })

  it('keeps full records in memory while fresh, so bios survive a second read', async () => {
    const storage = memoryStorage()
    await cachedFetch('influencers', async () => [marketer(3)], { storage, now: () => 0 })
    const again = await cachedFetch<DisplayMarketer>('influencers', async () => [], { storage, now: () => 10 })
    expect(again[0].bio).toBe('Real bio')
  })

  it('stores the error message, drops the data and rethrows when a fetch fails', async () => {
    const storage = memoryStorage()
    await cachedFetch('influencers', async () => [marketer(1)], { storage, now: () => 0 })
    await expect(cachedFetch('influencers', () => Promise.reject(new Error('Network Error')), { storage, force: true })).rejects.toThrow('Network Error')
    expect(stored(storage).influencers).toMatchObject({ data: null, error: 'Network Error', loading: false })
  })

  it('keeps the last good list through repeated failures, across reloads', async () => {
    const backing = memoryStorage()
    const fail = () => Promise.reject(new Error('Network Error'))
    await cachedFetch('influencers', async () => [marketer(1), marketer(2)], { storage: backing, now: () => 0 })
    // Each reload is a new page: nothing in memory, only what storage kept.
    for (let reload = 1; reload <= 3; reload++) {
      const tab = reloaded(backing)
      await expect(cachedFetch('influencers', fail, { storage: tab, force: true })).rejects.toThrow('Network Error')
      expect(
        cachedData<DisplayMarketer>('influencers', reloaded(backing))?.map((i) => i.id),
        `after failure ${reload}`,
      ).toEqual([1, 2])
    }
    expect(stored(backing).influencers.data).toBeNull()
  })

  it('keeps the full records of this tab as the fallback when a later fetch fails', async () => {
    const storage = memoryStorage()
    await cachedFetch('influencers', async () => [marketer(4)], { storage, now: () => 0 })
    await expect(cachedFetch('influencers', () => Promise.reject(new Error('boom')), { storage, force: true })).rejects.toThrow('boom')
    expect(cachedData<DisplayMarketer>('influencers', storage)?.[0].bio).toBe('Real bio')
  })

  it('completes a fresh stored copy of influencers with a fetch after a reload, since storage lacks bios and previews', async () => {
    const backing = memoryStorage()
    await cachedFetch('influencers', async () => [marketer(5, { content: ['p1.jpg', 'p2.jpg', 'p3.jpg'] })], { storage: backing, now: () => 0 })
    const tab = reloaded(backing)
    // What the page shows at once: the stored copy, with the spec's defaults.
    expect(cachedData<DisplayMarketer>('influencers', tab)?.[0].bio).toBe(MARKETER_DEFAULTS.bio)
    const fetcher = vi.fn(async () => [marketer(5, { content: ['p1.jpg', 'p2.jpg', 'p3.jpg'] })])
    const complete = await cachedFetch<DisplayMarketer>('influencers', fetcher, { storage: tab, now: () => 60_000 })
    expect(fetcher).toHaveBeenCalledOnce()
    expect(complete[0]).toMatchObject({ bio: 'Real bio', content: ['p1.jpg', 'p2.jpg', 'p3.jpg'] })
    // Then the tab holds the full records and answers from them while fresh.
    await cachedFetch('influencers', fetcher, { storage: tab, now: () => 90_000 })
    expect(fetcher).toHaveBeenCalledOnce()
  })

  it('answers other collections from a fresh stored copy after a reload (they are stored whole)', async () => {
    const backing = memoryStorage()
    await cachedFetch('products', async () => [{ ProductID: 1 }], { storage: backing, now: () => 0 })
    const fetcher = vi.fn(async () => [{ ProductID: 2 }])
    expect(await cachedFetch('products', fetcher, { storage: reloaded(backing), now: () => 1000 })).toEqual([{ ProductID: 1 }])
    expect(fetcher).not.toHaveBeenCalled()
  })
})
