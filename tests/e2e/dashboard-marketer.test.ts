import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MarketerSelf } from '../../worker/contract/marketer'
import { api, createMarketer, createVendor, marketerStorage, PASSWORD, vendorStorage } from './api'
import { launchBrowser, openPage, screenshot, toastTexts, WIDTHS } from './browser'
import { expectSignInRedirect, IMAGES, jpeg, lastToast, makeLead, makeProduct, withinViewportWidth } from './dashboard-fixtures'

// The setup page's API check asks for one influencer (a query string): match the path with or without one.
const API_CHECK = /\/api\/marketers(\?.*)?$/

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const progress = (page: Page) => page.locator('[data-progress-text]').innerText()
const card = (page: Page, name: string) => page.locator(`[data-platform-card="${name}"]`)
const stored = async (marketer: Awaited<ReturnType<typeof createMarketer>>) =>
  (await api<MarketerSelf>('GET', `marketers/${marketer.marketer.MarketerID}`, { token: marketer.token })).body.data
const tooBig = { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024) }

describe.each(WIDTHS)('social media setup at %i px', (width) => {
  it('counts completed platforms, refuses a 5 MB image, saves everything and goes to the dashboard', async () => {
    const marketer = await createMarketer('Meera Nair')
    const { page, problems } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto('/marketer/social-media-setup')
    await expect.poll(() => page.getByRole('heading', { name: 'Complete Your Profile' }).isVisible()).toBe(true)
    expect(await page.getByText('Add your social media profiles to help brands discover you').isVisible()).toBe(true)
    expect(await progress(page)).toBe('0 of 7 completed')
    expect(await card(page, 'Instagram').innerText()).toContain('Not added')

    await page.getByLabel('Instagram Username').fill('@meera.cooks')
    await expect.poll(() => progress(page)).toBe('1 of 7 completed')
    expect(await card(page, 'Instagram').innerText()).toContain('Completed')
    await page.getByLabel('YouTube Subscribers').fill('125000')
    await expect.poll(() => progress(page)).toBe('2 of 7 completed')
    expect(await card(page, 'YouTube').locator('[data-platform-summary]').innerText()).toBe('125.0K subscribers')
    await page.getByLabel('Twitter Following').fill('12')
    await expect.poll(() => progress(page)).toBe('3 of 7 completed')
    await page.getByLabel('Twitter Following').fill('')
    await expect.poll(() => progress(page)).toBe('2 of 7 completed')
    expect(await page.getByRole('progressbar', { name: 'Social profiles completed' }).getAttribute('aria-valuenow')).toBe('2')

    // The 5 MB rule, for a content image and for a platform image (kept on the page only).
    await page.getByLabel('Content Image 1', { exact: true }).setInputFiles(tooBig)
    await expect.poll(() => lastToast(page)).toContain('Image size should be less than 5MB')
    expect(await page.getByRole('img', { name: 'Content Image 1 preview' }).count()).toBe(0)
    await page.getByLabel('Instagram image', { exact: true }).setInputFiles(tooBig)
    expect(await page.getByRole('img', { name: 'Instagram image preview' }).count()).toBe(0)
    await page.getByLabel('Instagram image', { exact: true }).setInputFiles(IMAGES[2])
    await expect.poll(() => page.getByRole('img', { name: 'Instagram image preview' }).count()).toBe(1)

    await page.getByLabel('Content Image 1', { exact: true }).setInputFiles(IMAGES[2])
    await expect.poll(() => page.getByRole('img', { name: 'Content Image 1 preview' }).count()).toBe(1)
    await page.getByLabel('Profile Picture', { exact: true }).setInputFiles(IMAGES[0])
    await expect.poll(() => page.getByRole('img', { name: 'Profile Picture preview' }).count()).toBe(1)
    await page.getByRole('button', { name: 'Remove Profile Picture' }).click()
    expect(await page.getByRole('img', { name: 'Profile Picture preview' }).count()).toBe(0)
    await page.getByLabel('Profile Picture', { exact: true }).setInputFiles(IMAGES[1])

    await page.getByLabel('Bio').fill('Home cook sharing Kerala recipes.')
    await page.getByLabel('Location').fill('Kochi, India')
    await page.getByLabel('Category').selectOption('Food')
    await screenshot(page, 'social-setup')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await page.waitForURL('**/marketer')
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Social media profiles updated successfully!'))

    const saved = await stored(marketer)
    expect(saved).toMatchObject({
      InstagramUsername: '@meera.cooks',
      YouTubeSubscribers: 125000,
      TwitterFollowing: 0,
      Bio: 'Home cook sharing Kerala recipes.',
      Location: 'Kochi, India',
      Category: 'Food',
    })
    expect(saved.PreviewImage1).toMatch(/^[\w/.-]+$/)
    expect(saved.PreviewImage2).toBeNull()
    expect(saved.MarketerProfilePic).toBeTruthy()
    const local = JSON.parse((await page.evaluate(() => localStorage.getItem('marketerData'))) ?? '{}') as MarketerSelf
    expect(local.MarketerProfilePic).toBe(saved.MarketerProfilePic)
    expect(JSON.stringify(saved)).not.toContain('blob:')
    expect(problems).toEqual([])
  })

  it('keeps what the influencer typed while their saved profile was still loading', async () => {
    const marketer = await createMarketer()
    await api('PUT', `marketers/social-media/${marketer.marketer.MarketerID}`, {
      token: marketer.token,
      json: { Bio: 'Saved bio', TwitterHandle: 'saved.handle' },
    })
    const { page } = await openPage(browser, width, marketerStorage(marketer))
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(`**/api/marketers/${marketer.marketer.MarketerID}`, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/marketer/social-media-setup')
    await page.getByLabel('Instagram Username').fill('@typed.early')
    await page.getByLabel('Location').fill('Pune, India')
    const loaded = page.waitForResponse((res) => res.url().endsWith(`/api/marketers/${marketer.marketer.MarketerID}`))
    release()
    await loaded
    // Untouched fields fill in from the profile; typed ones stay as typed.
    await expect.poll(() => page.getByLabel('Bio').inputValue()).toBe('Saved bio')
    expect(await page.getByLabel('Instagram Username').inputValue()).toBe('@typed.early')
    expect(await page.getByLabel('Location').inputValue()).toBe('Pune, India')
    expect(await progress(page)).toBe('2 of 7 completed')
  })

  it('saves a blank form, and Skip for Now goes to the dashboard with a hint', async () => {
    const marketer = await createMarketer()
    const { page } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto('/marketer/social-media-setup')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await page.waitForURL('**/marketer')
    await page.goto('/marketer/social-media-setup')
    await page.getByRole('button', { name: 'Skip for Now' }).click()
    await page.waitForURL('**/marketer')
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('You can add social media profiles later from your dashboard'))
  })
})

describe('social media setup with a picture already on the profile', () => {
  it('shows the current picture, offers Remove only for a newly chosen one, and Remove goes back to the current one', async () => {
    const marketer = await createMarketer()
    const form = new FormData()
    form.set('MarketerID', String(marketer.marketer.MarketerID))
    form.set('MarketerProfilePic', jpeg(IMAGES[0]), 'me.jpg')
    const upload = await api<{ profilePicUrl: string }>('POST', `marketers/upload/marketer-profile/${marketer.marketer.MarketerID}`, {
      form,
      token: marketer.token,
    })
    expect(upload.status).toBe(200)
    const { page, problems } = await openPage(browser, 360, marketerStorage(marketer))
    await page.goto('/marketer/social-media-setup')
    const preview = page.getByRole('img', { name: 'Profile Picture preview' })
    await expect.poll(() => preview.getAttribute('src')).toBe(`/media/${upload.body.data.profilePicUrl}`)
    expect(await page.getByRole('button', { name: 'Remove Profile Picture' }).count()).toBe(0)
    await page.getByLabel('Profile Picture', { exact: true }).setInputFiles(IMAGES[1])
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^blob:/)
    await page.getByRole('button', { name: 'Remove Profile Picture' }).click()
    await expect.poll(() => preview.getAttribute('src')).toBe(`/media/${upload.body.data.profilePicUrl}`)
    expect(problems).toEqual([])
  })
})

describe('social media setup failures', () => {
  it('asks to log in first when the stored marketer id is gone', async () => {
    const marketer = await createMarketer()
    const { page } = await openPage(browser, 360, marketerStorage(marketer))
    await page.goto('/marketer/social-media-setup')
    await expect.poll(() => progress(page)).toBe('0 of 7 completed')
    await page.evaluate(() => localStorage.removeItem('marketerID'))
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await page.waitForURL('**/signin')
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Please login first'))
  })

  it('tells apart a server that is down, a network failure, a server message and a time-out', async () => {
    const marketer = await createMarketer()
    const { page } = await openPage(browser, 1280, marketerStorage(marketer))
    await page.goto('/marketer/social-media-setup')
    await expect.poll(() => progress(page)).toBe('0 of 7 completed')
    // By type, not by name: the label changes to 'Saving...' while the request runs.
    const save = page.locator('form button[type="submit"]')

    // The spec's check before saving is GET marketers: only that call fails here.
    await page.route(API_CHECK, (route) => route.abort('connectionrefused'))
    await save.click()
    await expect.poll(() => lastToast(page)).toContain('API server is not running. Please start the server and try again.')
    await page.unroute(API_CHECK)

    await page.route('**/api/marketers/social-media/*', (route) => route.abort('internetdisconnected'))
    await save.click()
    await expect.poll(() => lastToast(page)).toContain('Network error. Please check your connection and try again.')
    await page.unroute('**/api/marketers/social-media/*')

    await page.getByLabel('YouTube Channel Link').fill('not a link')
    await save.click()
    await expect.poll(() => lastToast(page)).toContain('YouTube channel link should be a valid URL.')
    expect(new URL(page.url()).pathname).toBe('/marketer/social-media-setup')
    await page.getByLabel('YouTube Channel Link').fill('')

    // The 10-second limit: the answer never comes.
    await page.route('**/api/marketers/social-media/*', () => undefined)
    await save.click()
    await expect.poll(() => save.innerText()).toBe('Saving...')
    await expect.poll(() => lastToast(page), { timeout: 15_000 }).toContain('Request timed out. Please check if the API server is running.')
    expect(await save.innerText()).toBe('Save Profile')
  }, 40_000)
})

describe.each(WIDTHS)('influencer dashboard at %i px', (width) => {
  it('shows the tiles and the leads with the client contact masked', async () => {
    const vendor = await createVendor('VoltEdge Electronics')
    const marketer = await createMarketer('Rohan Kapoor')
    const product = await makeProduct(vendor, { ProductName: 'Noise cancelling earbuds', Price: '2999', CommissionType: 'Fixed', CommissionValue: '300' })
    await makeLead(product, marketer.marketer.MarketerID, 'Karan Mehta')
    const { page, problems } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto('/marketer')
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome back, Rohan Kapoor!' }).isVisible()).toBe(true)
    const tile = (label: string) => page.locator(`[data-stat="${label}"] [data-stat-value]`).innerText()
    await expect.poll(() => tile('Total Leads Generated')).toBe('1')
    expect(await tile('Total Leads Converted')).toBe('0')
    expect(await tile('Total Commission Value')).toBe('₹0')
    expect(await tile('Total Impressions')).toBe('0')
    await screenshot(page, 'marketer-dashboard')

    await page.getByRole('tab', { name: 'Leads' }).click()
    const row = page.locator('[data-lead-row]').first()
    await expect.poll(() => row.innerText()).toContain('Noise cancelling earbuds')
    const text = await row.innerText()
    expect(text).toContain('₹2,999')
    expect(text).toContain('VoltEdge Electronics')
    expect(text).toContain('Karan Mehta')
    expect(text).toMatch(/as\*+om/)
    expect(text).toMatch(/97\*{6}\d\d/)
    expect(text).not.toContain('@gmail.com')
    expect(text).toContain('Pending')
    expect(await page.getByText('Showing 1-1 of 1').isVisible()).toBe(true)
    await screenshot(page, 'marketer-leads')
    // The server searches the buyer's name.
    await page.getByLabel('Search buyers').fill('no such buyer')
    await expect.poll(() => page.getByText('No leads match these filters').isVisible()).toBe(true)
    await page.getByLabel('Search buyers').fill('KARAN')
    await expect.poll(() => page.locator('[data-lead-row]').allInnerTexts()).toEqual([expect.stringContaining('Karan Mehta')])
    await page.reload()
    await expect.poll(() => page.getByRole('tab', { name: 'Leads', selected: true }).isVisible()).toBe(true)
    expect(problems).toEqual([])
  })

  it('edits the profile in each tab of the modal and changes the picture', async () => {
    const marketer = await createMarketer('Ananya Iyer')
    const { page, problems } = await openPage(browser, width, marketerStorage(marketer))
    await page.goto('/marketer?tab=profile')
    await expect.poll(() => page.getByRole('heading', { name: 'Ananya Iyer', exact: true }).isVisible()).toBe(true)
    expect(await page.getByText('No social profiles yet').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' })
    const save = async (message: string) => {
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect.poll(() => lastToast(page)).toContain(message)
    }

    await dialog.getByLabel('Name', { exact: true }).fill('A'.repeat(51))
    await save('Name should be less than 50 characters.')
    await dialog.getByLabel('Name', { exact: true }).fill('Ananya Iyer Sharma')
    await dialog.getByLabel('Mobile', { exact: true }).fill('98765')
    await save('Mobile number should be exactly 10 digits.')
    await dialog.getByLabel('Mobile', { exact: true }).fill('9988776655')
    await dialog.getByLabel('Email', { exact: true }).fill('ananya@')
    await save('Invalid email format.')
    await dialog.getByLabel('Email', { exact: true }).fill(marketer.email)

    await dialog.getByRole('tab', { name: 'Social Media' }).click()
    await dialog.getByLabel('YouTube Channel Link').fill('https://youtube.com/@ananya.styles.handloom.weaves.official')
    await dialog.getByLabel('Instagram Username').fill('@ananya.styles')
    await dialog.getByLabel('Instagram Followers').fill('125000')
    await dialog.getByLabel('LinkedIn Connections').fill('800')
    await screenshot(page, 'marketer-edit-social')

    await dialog.getByRole('tab', { name: 'Influencer' }).click()
    await dialog.getByLabel('Bio', { exact: true }).fill('Sustainable fashion from Chennai.')
    await dialog.getByLabel('Location', { exact: true }).fill('Chennai, India')
    await dialog.getByLabel('Category', { exact: true }).selectOption('Fashion')

    await dialog.getByRole('tab', { name: 'Security' }).click()
    await dialog.getByLabel('New Password').fill('12345')
    await dialog.getByRole('tab', { name: 'Basic Info' }).click()
    await save('Password should be at least 6 characters.')
    // The modal moves to the tab with the problem.
    expect(await dialog.getByRole('tab', { name: 'Security', selected: true }).isVisible()).toBe(true)
    await dialog.getByLabel('New Password').fill('new-pass-99')
    await dialog.getByLabel('Current Password').fill(PASSWORD)
    await save('Profile updated successfully!')
    await expect.poll(() => dialog.isVisible()).toBe(false)

    await expect.poll(() => page.getByRole('heading', { name: 'Ananya Iyer Sharma', exact: true }).isVisible()).toBe(true)
    expect(await page.getByText('Sustainable fashion from Chennai.').isVisible()).toBe(true)
    expect(await page.locator('[data-platform="Instagram"]').innerText()).toContain('125.0K followers')
    expect(await page.locator('[data-platform="LinkedIn"]').innerText()).toContain('800 connections')
    expect(await page.locator('[data-platform]').count()).toBe(3)
    // A long channel link is cut with an ellipsis; the cards stay inside the page at every width.
    expect(await withinViewportWidth(page.locator('[data-platform="YouTube"]'))).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    const login = await api('POST', 'marketers/login', { json: { Email: marketer.email, Password: 'new-pass-99' } })
    expect(login.status).toBe(200)
    expect((await api('POST', 'marketers/login', { json: { Email: marketer.email, Password: PASSWORD } })).status).toBe(401)

    await page.getByLabel('Profile picture').setInputFiles(IMAGES[4])
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Profile picture updated successfully!'))
    await expect.poll(() => page.getByRole('img', { name: "Ananya Iyer Sharma's profile picture" }).count()).toBe(1)
    await screenshot(page, 'marketer-profile')
    expect(problems).toEqual([])
  })
})

describe('influencer dashboard access', () => {
  it('sends a vendor who opens the dashboard or the setup page to /signin', async () => {
    const vendor = vendorStorage(await createVendor())
    await expectSignInRedirect(browser, vendor, '/marketer?tab=leads')
    await expectSignInRedirect(browser, vendor, '/marketer/social-media-setup')
  })
})
