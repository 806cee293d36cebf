import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MarketerSelf } from '../../worker/contract/marketer'
import { api, createMarketer, marketerStorage, PASSWORD } from './api'
import { launchBrowser, openPage, screenshot, toastTexts, WIDTHS } from './browser'
import { IMAGES, lastToast } from './dashboard-fixtures'

// The influencer's own profile, from login to the setup page and back.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type Marketer = Awaited<ReturnType<typeof createMarketer>>
const stored = async (marketer: Marketer) => (await api<MarketerSelf>('GET', `marketers/${marketer.marketer.MarketerID}`, { token: marketer.token })).body.data
const textFile = (name: string, mimeType: string) => ({ name, mimeType, buffer: Buffer.from('Meeting notes: call the brand on Monday.\n') })

async function signIn(page: Page, email: string) {
  await page.goto('/signin?role=influencer')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Log In' }).click()
}

describe.each(WIDTHS)('influencer account at %i px', (width) => {
  it("refuses a negative follower count in Edit Profile with 'Follower counts cannot be negative.' and saves nothing", async () => {
    const marketer = await createMarketer('Farhan Ali')
    await api('PUT', `marketers/social-media/${marketer.marketer.MarketerID}`, {
      json: { InstagramUsername: 'farhan.eats', InstagramFollowers: 4200 },
      token: marketer.token,
    })
    const { page, problems } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto('/marketer?tab=profile')
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' })
    await dialog.getByRole('tab', { name: 'Social Media' }).click()
    await dialog.getByLabel('Instagram Followers').fill('-5')
    await dialog.getByRole('tab', { name: 'Basic Info' }).click()
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect.poll(() => lastToast(page)).toContain('Follower counts cannot be negative.')
    expect(await toastTexts(page)).not.toContainEqual(expect.stringContaining('Profile updated successfully!'))
    // The modal stays open on the tab that holds the field.
    expect(await dialog.getByRole('tab', { name: 'Social Media', selected: true }).isVisible()).toBe(true)
    expect((await stored(marketer)).InstagramFollowers).toBe(4200)
    expect(problems).toEqual([])
  })

  it('refuses a negative follower count on the setup page too', async () => {
    const marketer = await createMarketer('Gita Menon')
    const { page } = await openPage(browser, width, marketerStorage(marketer))
    // The page fills the form from the saved profile once it loads: type after that.
    const profileLoaded = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/marketers/${marketer.marketer.MarketerID}`)
    await page.goto('/marketer/social-media-setup')
    await profileLoaded
    await page.locator('[data-platform-card="TikTok"]').getByLabel('TikTok Followers').fill('-40')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect.poll(() => lastToast(page)).toContain('Follower counts cannot be negative.')
    expect(new URL(page.url()).pathname).toBe('/marketer/social-media-setup')
    expect((await stored(marketer)).TikTokFollowers).toBe(0)
  })

  it("refuses a text file picked as a content image or profile picture with 'Only JPEG, PNG, WebP or GIF images are allowed'", async () => {
    const marketer = await createMarketer('Harsh Vardhan')
    const { page, problems } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto('/marketer/social-media-setup')
    await page.getByLabel('Content Image 1', { exact: true }).setInputFiles(textFile('notes.txt', 'text/plain'))
    await expect.poll(() => lastToast(page)).toContain('Only JPEG, PNG, WebP or GIF images are allowed')
    // A text file renamed to .jpg is still refused: the first bytes decide, as on the server.
    await page.getByLabel('Profile Picture', { exact: true }).setInputFiles(textFile('notes.jpg', 'image/jpeg'))
    expect(await page.getByRole('img', { name: /preview$/ }).count()).toBe(0)
    // A real image is still taken.
    await page.getByLabel('Content Image 2', { exact: true }).setInputFiles(IMAGES[0])
    await expect.poll(() => page.getByRole('img', { name: 'Content Image 2 preview' }).count()).toBe(1)
    expect(await page.getByRole('img', { name: 'Content Image 1 preview' }).count()).toBe(0)
    await screenshot(page, 'setup-not-an-image')
    expect(problems).toEqual([])
  })

  it('sends an influencer with only a bio and follower counts to the dashboard at login', async () => {
    const marketer = await createMarketer('Isha Kapoor')
    await api('PUT', `marketers/social-media/${marketer.marketer.MarketerID}`, {
      json: { Bio: 'Home baking in Indore.', InstagramFollowers: 900 },
      token: marketer.token,
    })
    const { page } = await openPage(browser, width)
    await signIn(page, marketer.email)
    await page.waitForURL((url) => url.pathname === '/marketer')
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Login successful'))
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome back, Isha Kapoor!' }).isVisible()).toBe(true)
  })

  it('sends an influencer with nothing filled to the setup page at login', async () => {
    const marketer = await createMarketer('Jai Prakash')
    const { page } = await openPage(browser, width)
    await signIn(page, marketer.email)
    await page.waitForURL('**/marketer/social-media-setup')
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Login successful'))
    await expect.poll(() => page.getByRole('heading', { name: 'Complete Your Profile' }).isVisible()).toBe(true)
  })

  it('leads from the Profile tab back to the setup page, from the top and from Social Media Presence', async () => {
    const marketer = await createMarketer('Kiran Bedi')
    const { page, problems } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto('/marketer?tab=profile')
    await expect.poll(() => page.getByRole('link', { name: 'Edit social profiles' }).isVisible()).toBe(true)
    await screenshot(page, 'marketer-profile-setup-links')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.getByRole('link', { name: 'Social Profiles & Images' }).click()
    await page.waitForURL('**/marketer/social-media-setup')
    await expect.poll(() => page.getByRole('heading', { name: 'Complete Your Profile' }).isVisible()).toBe(true)
    await page.goBack()
    await page.getByRole('link', { name: 'Edit social profiles' }).click()
    await page.waitForURL('**/marketer/social-media-setup')
    expect(problems).toEqual([])
  })
})
