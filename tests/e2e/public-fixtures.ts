import type { Browser } from 'playwright-core'
import type { MarketerLoginData } from '../../worker/contract/auth'
import type { MarketerListItem, SuccessEnvelope } from '../../worker/contract/marketer'
import { api, createMarketer } from './api'
import { baseURL, openPage, type OpenPage } from './browser'

// Arranging the public pages' data through the API, as the app itself writes it.

/** A unique word, so a test can find its own records among those other suites create in parallel. */
export const tag = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

export type Marketer = MarketerLoginData & { email: string }

/** An influencer with a social profile (what the setup page would save). */
export async function makeMarketer(name: string, social: Record<string, string | number> = {}): Promise<Marketer> {
  const marketer = await createMarketer(name)
  const res = await api('PUT', `marketers/social-media/${marketer.marketer.MarketerID}`, { json: social, token: marketer.token })
  if (res.status !== 200) throw new Error(`social profile failed: ${res.status} ${res.body.message}`)
  return marketer
}

export async function listMarketers(): Promise<MarketerListItem[]> {
  const res = await fetch(`${baseURL()}/api/marketers/social-media`)
  return ((await res.json()) as SuccessEnvelope<MarketerListItem[]>).data
}

// Headless Chromium says so in its User-Agent, and the impression tracker rightly ignores bots.
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

/** A page as a person on a phone or laptop sees it: a real browser User-Agent and its own client address. */
export async function openAsPerson(browser: Browser, width: number, ip: string): Promise<OpenPage> {
  const opened = await openPage(browser, width)
  await opened.page.context().setExtraHTTPHeaders({ 'user-agent': PHONE_UA, 'cf-connecting-ip': ip })
  return opened
}
