import { describe, expect, it } from 'vitest'
import { vendorRegisterSchema } from '../../worker/contract/auth'
import { MONEY_MESSAGES, payoutDetailsSchema } from '../../worker/contract/payouts'
import { PRODUCT_MESSAGES } from '../../worker/contract/product'
import { fieldErrorsOf, fieldKeysFrom, firstInvalidField, messageIssue, placeIssues, schemaIssues } from '../../web/src/lib/fieldErrors'
import { productFieldOf } from '../../web/src/pages/vendor-dashboard/productForm'

const signUpIssues = schemaIssues(vendorRegisterSchema)

describe('field errors from a form schema', () => {
  it('marks every field with a problem with its own message, not only the first', () => {
    const issues = signUpIssues({ VendorName: '', MobileNumber: '12', Email: 'not-an-email', Password: 'Demo@1234' })
    expect(fieldErrorsOf(issues)).toEqual({
      VendorName: 'Please enter your name.',
      MobileNumber: 'Invalid number.',
      Email: 'Invalid email format.',
    })
  })

  it('leaves a form with nothing wrong unmarked', () => {
    const issues = signUpIssues({ VendorName: 'Handloom Haus', MobileNumber: '9876543210', Email: 'priya@handloomhaus.in', Password: 'Demo@1234' })
    expect(issues).toEqual([])
    expect(fieldErrorsOf(issues)).toEqual({})
    expect(firstInvalidField(issues)).toBeNull()
  })

  it("chooses the first issue's field for the focus, the one the toast speaks of", () => {
    const issues = signUpIssues({ VendorName: 'Handloom Haus', MobileNumber: '', Email: 'x', Password: '' })
    expect(issues[0].message).toBe('Please enter your mobile.')
    expect(firstInvalidField(issues)).toBe('MobileNumber')
  })

  it('keeps the first message of a field that breaks two rules', () => {
    const errors = fieldErrorsOf([
      { path: ['Email'], message: 'first' },
      { path: ['Email'], message: 'second' },
    ])
    expect(errors).toEqual({ Email: 'first' })
  })

  it('marks a nested field and the groups that hold it, and skips an issue that names no field', () => {
    const issues = [
      { path: [], message: 'about the whole form' },
      { path: ['Products', 1, 'Commission'], message: 'Too high' },
    ]
    expect(fieldErrorsOf(issues)).toEqual({ Products: 'Too high', 'Products.1': 'Too high', 'Products.1.Commission': 'Too high' })
    expect(firstInvalidField(issues)).toBe('Products.1.Commission')
    expect(fieldKeysFrom('Products.1.Commission')).toEqual(['Products.1.Commission', 'Products.1', 'Products'])
  })
})

describe('a rule across fields', () => {
  it('goes on the field the form names for its message, and the focus goes there', () => {
    const bank = {
      Method: 'Bank' as const,
      AccountHolder: 'Ananya Iyer',
      AccountNumber: '123456789012',
      ConfirmAccountNumber: '123456789013',
      IFSC: 'HDFC0001234',
    }
    const raw = schemaIssues(payoutDetailsSchema)(bank)
    expect(raw.map((i) => [i.path, i.message])).toEqual([[[], MONEY_MESSAGES.accountMismatch]])
    expect(fieldErrorsOf(raw)).toEqual({})
    const placed = placeIssues(raw, { [MONEY_MESSAGES.accountMismatch]: 'ConfirmAccountNumber' })
    expect(fieldErrorsOf(placed)).toEqual({ ConfirmAccountNumber: MONEY_MESSAGES.accountMismatch })
    expect(firstInvalidField(placed)).toBe('ConfirmAccountNumber')
  })
})

describe("the product form's one-at-a-time checks", () => {
  it('put each spec message on the field it is about', () => {
    expect(messageIssue(PRODUCT_MESSAGES.nameRequired, productFieldOf)).toEqual([{ path: ['ProductName'], message: PRODUCT_MESSAGES.nameRequired }])
    expect(productFieldOf(PRODUCT_MESSAGES.fixedNotBelowPrice)).toBe('CommissionValue')
    expect(productFieldOf(PRODUCT_MESSAGES.skuRequired)).toBe('SKU')
    expect(productFieldOf(PRODUCT_MESSAGES.imagesRequired)).toBe('images')
    expect(messageIssue(null, productFieldOf)).toEqual([])
  })
})
