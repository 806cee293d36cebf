// Addresses people type (decision 285): a product's store link, an influencer's YouTube, LinkedIn and
// Facebook links and a deliverable's post URL. One with a user name or password in it is refused
// (400, the field's message), and one stored before that rule is shown, exported and followed
// without them.

import { env, exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { CAMPAIGN_MESSAGES, type DeliverableDTO, type MyCampaignDTO } from '../../worker/contract/campaigns'
import { hasCredentials, withoutCredentials } from '../../worker/contract/links'
import type { MarketerProfile } from '../../worker/contract/marketer'
import { PRODUCT_RULE_MESSAGES, type ProductDTO } from '../../worker/contract/product'
import { call, ORIGIN } from '../helpers/api'
import { join, makeCampaign } from '../helpers/campaigns'
import { makeMarketer, makeProduct, makeVendor, makeVerifiedMarketer, makeVerifiedVendor, productForm } from '../helpers/factories'

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
const WITH_CREDENTIALS = ['https://shop:hunter2@example.in/kurta', 'https://hunter2@example.in/kurta', 'https://:hunter2@example.in/kurta']

describe('the rule', () => {
  it('sees a user name or a password, and takes them out of what is shown', () => {
    for (const url of WITH_CREDENTIALS) {
      expect(hasCredentials(url), url).toBe(true)
      expect(withoutCredentials(url), url).toBe('https://example.in/kurta')
    }
    for (const url of ['https://example.in/kurta', 'https://example.in/@meera', 'https://example.in/?to=a@b.in', 'not a url']) {
      expect(hasCredentials(url), url).toBe(false)
      expect(withoutCredentials(url), url).toBe(url)
    }
    expect(withoutCredentials(null)).toBeNull()
  })
})

describe('a product link', () => {
  it('is refused with a user name or password, on create and on update', async () => {
    const vendor = await makeVendor()
    for (const link of WITH_CREDENTIALS) {
      const made = await call('POST', '/api/products', {
        token: vendor.token,
        form: productForm({ VendorID: String(vendor.id), SKU: 'CRED-1', product_link: link }),
      })
      expect([made.status, made.body.message], link).toEqual([400, PRODUCT_RULE_MESSAGES.productLinkCredentials])
    }
    const product = await makeProduct(vendor, { product_link: 'https://example.in/kurta' })
    const form = productForm({ SKU: product.SKU, product_link: WITH_CREDENTIALS[0] }, [])
    const updated = await call('PUT', `/api/products/update/${product.ProductID}`, { token: vendor.token, form })
    expect([updated.status, updated.body.message]).toEqual([400, PRODUCT_RULE_MESSAGES.productLinkCredentials])
    expect((await call<ProductDTO>('GET', `/api/products/${product.ProductID}`)).body.data.product_link).toBe('https://example.in/kurta')
  })

  it('stored before the rule is shown, exported and followed without them', async () => {
    const vendor = await makeVendor()
    const product = await makeProduct(vendor, { product_link: 'https://example.in/kurta' })
    await env.DB.prepare('UPDATE products SET product_link = ? WHERE ProductID = ?').bind(WITH_CREDENTIALS[0], product.ProductID).run()
    const marketer = await makeMarketer()

    const read = await call<ProductDTO>('GET', `/api/products/${product.ProductID}`)
    expect(read.body.data.product_link).toBe('https://example.in/kurta')
    const own = await call('GET', `/api/products/getProductByVendor/${vendor.id}`, { token: vendor.token })
    const exported = await call('GET', `/api/vendors/${vendor.id}/export`, { token: vendor.token })
    const page = await exports.default.fetch(
      new Request(`${ORIGIN}/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=${marketer.id}`),
    )
    const go = await exports.default.fetch(
      new Request(`${ORIGIN}/go/${product.ProductID}/${marketer.id}`, { redirect: 'manual', headers: { 'user-agent': PHONE_UA } }),
    )
    expect(go.status).toBe(302)
    expect(go.headers.get('location')).toMatch(/^https:\/\/example\.in\/kurta\?ck_ref=/)
    for (const [where, text] of [
      ['the product', JSON.stringify(read.body)],
      ["the vendor's list", JSON.stringify(own.body)],
      ['the export', JSON.stringify(exported.body)],
      ['the buy page', await page.text()],
    ]) {
      expect(text, where).not.toContain('hunter2')
    }
  })
})

describe("an influencer's social links", () => {
  const LINKS = [
    ['YouTubeChannelLink', 'YouTube channel link'],
    ['LinkedInProfile', 'LinkedIn profile'],
    ['FacebookPage', 'Facebook page'],
  ] as const

  it('are refused with a user name or password, each with its own message', async () => {
    const marketer = await makeMarketer()
    for (const [field, label] of LINKS) {
      const res = await call('PUT', `/api/marketers/social-media/${marketer.id}`, { token: marketer.token, json: { [field]: WITH_CREDENTIALS[0] } })
      expect([res.status, res.body.message], field).toEqual([400, `${label} should not contain a user name or password.`])
    }
    const row = await env.DB.prepare('SELECT YouTubeChannelLink, LinkedInProfile, FacebookPage FROM marketers WHERE MarketerID = ?').bind(marketer.id).first()
    expect(JSON.stringify(row)).not.toContain('hunter2')
  })

  it('stored before the rule are shown without them, to the public and to the influencer', async () => {
    const marketer = await makeMarketer()
    await env.DB.prepare('UPDATE marketers SET YouTubeChannelLink = ?, LinkedInProfile = ?, FacebookPage = ? WHERE MarketerID = ?')
      .bind('https://me:hunter2@youtube.com/@meera', 'https://hunter2@linkedin.com/in/meera', 'https://:hunter2@facebook.com/meera', marketer.id)
      .run()
    const profile = await call<MarketerProfile>('GET', `/api/marketers/social-media/${marketer.id}`)
    expect(profile.body.data.marketer).toMatchObject({
      YouTubeChannelLink: 'https://youtube.com/@meera',
      LinkedInProfile: 'https://linkedin.com/in/meera',
      FacebookPage: 'https://facebook.com/meera',
    })
    const self = await call('GET', `/api/marketers/${marketer.id}`, { token: marketer.token })
    const directory = await call('GET', '/api/marketers/social-media?limit=50')
    const exported = await call('GET', `/api/marketers/${marketer.id}/export`, { token: marketer.token })
    const page = await exports.default.fetch(new Request(`${ORIGIN}/i/${marketer.id}`))
    for (const [where, text] of [
      ['the public profile', JSON.stringify(profile.body)],
      ["the influencer's own record", JSON.stringify(self.body)],
      ['the directory', JSON.stringify(directory.body)],
      ['the export', JSON.stringify(exported.body)],
      ['the storefront page', await page.text()],
    ]) {
      expect(text, where).not.toContain('hunter2')
    }
  })
})

describe("a deliverable's post URL", () => {
  it('is refused with a user name or password, and one stored before is shown without them', async () => {
    const vendor = await makeVerifiedVendor()
    const product = await makeProduct(vendor, { Price: '1499', CommissionType: 'Fixed', CommissionValue: '150' })
    const campaign = await makeCampaign(vendor, [product], { Deliverables: ['Reel'] })
    const marketer = await makeVerifiedMarketer()
    await join(vendor, campaign.CampaignID, marketer)
    const mine = () => call<MyCampaignDTO>('GET', `/api/campaigns/${campaign.CampaignID}/my-deliverables`, { token: marketer.token })
    const [reel] = (await mine()).body.data.Deliverables
    const submit = (PostURL: string) =>
      call<DeliverableDTO>('POST', `/api/campaigns/${campaign.CampaignID}/deliverables/${reel.DeliverableID}/submit`, {
        token: marketer.token,
        json: { PostURL, Disclosed: true },
      })
    for (const url of WITH_CREDENTIALS) {
      const res = await submit(url)
      expect([res.status, res.body.message], url).toEqual([400, CAMPAIGN_MESSAGES.postUrlCredentials])
    }
    expect((await submit('https://www.instagram.com/reel/C0ffee123/')).status).toBe(200)

    await env.DB.prepare('UPDATE campaign_deliverables SET PostURL = ? WHERE DeliverableID = ?')
      .bind('https://me:hunter2@www.instagram.com/reel/C0ffee123/', reel.DeliverableID)
      .run()
    const forVendor = await call('GET', `/api/campaigns/${campaign.CampaignID}/deliverables`, { token: vendor.token })
    const forMarketer = await mine()
    expect(forMarketer.body.data.Deliverables[0].PostURL).toBe('https://www.instagram.com/reel/C0ffee123/')
    const exported = await call('GET', `/api/marketers/${marketer.id}/export`, { token: marketer.token })
    for (const [where, text] of [
      ['the vendor', JSON.stringify(forVendor.body)],
      ['the creator', JSON.stringify(forMarketer.body)],
      ['the export', JSON.stringify(exported.body)],
    ]) {
      expect(text, where).not.toContain('hunter2')
    }
  })
})
