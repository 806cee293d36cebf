import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { INDIAN_MOBILE_PATTERN, mobileInput, normalizeMobile } from '../../worker/contract/phone'
import { PROPERTY_TIMEOUT } from '../helpers/property'

// Numbers as Indians paste and autofill them (decision 081).

/** Any Indian mobile: ten digits, the first 6 to 9. */
const mobile = fc
  .tuple(fc.constantFrom('6', '7', '8', '9'), fc.array(fc.constantFrom(...'0123456789'), { minLength: 9, maxLength: 9 }))
  .map(([first, rest]) => first + rest.join(''))

const PREFIXES = ['', '0', '91', '+91', '+91 ', '+91-', '+91 0', '910', '0091', '0091 ', '(+91) '] as const
const SEPARATORS = ['', ' ', '-', '.', '  '] as const

/** The number written with separators between some of its digits, as phones and forms show it. */
const written = fc
  .tuple(mobile, fc.constantFrom(...PREFIXES), fc.array(fc.constantFrom(...SEPARATORS), { minLength: 10, maxLength: 10 }), fc.constantFrom('', ' ', '\t'))
  .map(([digits, prefix, gaps, pad]) => ({ digits, text: `${pad}${prefix}${[...digits].map((d, i) => (i === 0 ? d : gaps[i] + d)).join('')}${pad}` }))

describe('normalizeMobile', () => {
  it('reads any Indian mobile back from any prefix and spacing', { timeout: PROPERTY_TIMEOUT }, () => {
    fc.assert(
      fc.property(written, ({ digits, text }) => {
        expect(normalizeMobile(text)).toBe(digits)
      }),
      { numRuns: 2000 },
    )
  })

  it('never changes a plain ten-digit entry, even one starting with 91 or 0', { timeout: PROPERTY_TIMEOUT }, () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...'0123456789'), { minLength: 10, maxLength: 10 }), (d) => {
        expect(normalizeMobile(d.join(''))).toBe(d.join(''))
      }),
      { numRuns: 100 },
    )
    expect(normalizeMobile('9198765432')).toBe('9198765432')
  })

  it('leaves what is not a prefixed ten-digit number for the length rule to refuse', () => {
    for (const text of ['98765', '98765432101', '+1 415 555 2671', '+44 7700 900123', '92 98765 43210', '98765abcde', '']) {
      expect(normalizeMobile(text)).not.toMatch(/^\d{10}$/)
    }
  })

  it('tells Indian mobiles from other ten-digit numbers by their first digit', () => {
    expect(INDIAN_MOBILE_PATTERN.test(normalizeMobile('+91 98765 43210'))).toBe(true)
    expect(INDIAN_MOBILE_PATTERN.test(normalizeMobile('1234567890'))).toBe(false)
    expect(INDIAN_MOBILE_PATTERN.test(normalizeMobile('5876543210'))).toBe(false)
  })
})

describe('mobileInput (what the phone fields keep)', () => {
  it('turns any pasted or autofilled Indian mobile into its ten digits', { timeout: PROPERTY_TIMEOUT }, () => {
    fc.assert(
      fc.property(written, ({ digits, text }) => {
        expect(mobileInput(text)).toBe(digits)
      }),
      { numRuns: 2000 },
    )
  })

  it("keeps digits only and cuts an ordinary entry at ten (the spec's input limit)", () => {
    expect(mobileInput('98ab765')).toBe('98765')
    expect(mobileInput('98a76-54 32109999')).toBe('9876543210')
    expect(mobileInput('912801234567890')).toBe('9128012345')
  })

  it('does not cut a number typed key by key after a +91 or 0 prefix', () => {
    for (const target of ['+91 98765 43210', '098765 43210', '+91 0 98765 43210']) {
      let value = ''
      for (const key of target) value = mobileInput(value + key)
      expect(value, target).toBe('9876543210')
    }
  })
})
