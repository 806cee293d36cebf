// Vendors: sign-up and sign-in, the dashboard's totals and performance, the profile and its
// picture, the data export, one definition per route (route.ts, decision 283).

import * as z from 'zod/mini'
import { EMAIL_TAKEN_MESSAGE, INVALID_LOGIN_MESSAGE, loginSchema, TOO_MANY_LOGINS_MESSAGE, vendorLoginAnswerSchema, vendorRegisterSchema } from './auth'
import { PASSWORD_TOO_COMMON } from './fields'
import { CURRENT_PASSWORD_WRONG, PASSWORD_CHANGE_RACE } from './password'
import { VENDOR_PERFORMANCE_VIEWS, vendorPerformanceQuerySchema, vendorPerformanceRowSchema } from './performance'
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE, PICTURE_MAX_BYTES, PICTURE_RACE_MESSAGE } from './product'
import { defineRoute } from './route'
import { VENDOR_NOT_FOUND_MESSAGE, VENDOR_PROFILE_MESSAGES, vendorAnalyticsSchema, vendorPublicSchema, vendorSelfSchema, vendorUpdateSchema } from './vendor'

const self = { id: { description: "The vendor's own VendorID." } }
const view = { view: { description: 'By product or by influencer.', values: VENDOR_PERFORMANCE_VIEWS } }
const vendorOnly = ['vendor'] as const

export const VENDOR_ROUTES = {
  register: defineRoute({
    method: 'post',
    path: '/api/vendors/register',
    summary: 'Register a vendor',
    access: 'public',
    body: { json: vendorRegisterSchema },
    answer: { status: 201, message: 'Vendor registered successfully', schema: vendorSelfSchema },
    errors: { 400: [PASSWORD_TOO_COMMON], 409: [EMAIL_TAKEN_MESSAGE] },
  }),
  login: defineRoute({
    method: 'post',
    path: '/api/vendors/login',
    summary: 'Sign in as a vendor',
    description: 'Ten failed passwords for one email in 15 minutes lock the login for 15 minutes (the password is then not checked).',
    access: 'public',
    body: { json: loginSchema },
    answer: { message: 'Login successful', schema: vendorLoginAnswerSchema, description: 'The bearer token works for 24 hours.' },
    errors: { 401: [INVALID_LOGIN_MESSAGE], 429: [TOO_MANY_LOGINS_MESSAGE] },
  }),
  analytics: defineRoute({
    method: 'get',
    path: '/api/vendors/analytics/{id}',
    summary: "The vendor's dashboard totals",
    access: vendorOnly,
    params: self,
    answer: { message: 'Analytics fetched successfully', schema: vendorAnalyticsSchema, description: '`totalRevenue` in rupees.' },
    errors: { 404: [VENDOR_NOT_FOUND_MESSAGE] },
  }),
  picture: defineRoute({
    method: 'post',
    path: '/api/vendors/upload/vendor-profile/{id}',
    summary: "Change the vendor's profile picture",
    access: vendorOnly,
    params: self,
    body: { multipart: null, files: { VendorProfilePic: 'one' }, maxBytes: PICTURE_MAX_BYTES },
    answer: {
      message: 'Profile picture updated successfully',
      schema: vendorSelfSchema,
      description: '`VendorProfilePic` is the new media path; the old picture is deleted.',
    },
    errors: { 400: [VENDOR_PROFILE_MESSAGES.pictureRequired, NOT_AN_IMAGE, IMAGE_TOO_LARGE], 404: [VENDOR_NOT_FOUND_MESSAGE], 409: [PICTURE_RACE_MESSAGE] },
  }),
  performance: defineRoute({
    method: 'get',
    path: '/api/vendors/performance/{view}',
    summary: "The vendor's performance by product or by influencer",
    description: 'Every product of the vendor (switched-off ones too), or every influencer with an impression or a lead on them in the period.',
    access: vendorOnly,
    params: view,
    query: vendorPerformanceQuerySchema,
    answer: { message: 'Performance fetched successfully', schema: vendorPerformanceRowSchema, paged: true, description: 'Money in rupees.' },
    errors: { 404: ['Route not found'] },
  }),
  performanceCsv: defineRoute({
    method: 'get',
    path: '/api/vendors/performance/{view}/csv',
    summary: "The vendor's performance report as CSV",
    access: vendorOnly,
    params: view,
    query: vendorPerformanceQuerySchema,
    answer: {
      message: 'CSV attachment',
      schema: null,
      description: 'Every row of the report: `collabkart-performance-{view}-{n-days|all-time}.csv`.',
      content: 'text/csv',
    },
    errors: { 404: ['Route not found'] },
  }),
  exportData: defineRoute({
    method: 'get',
    path: '/api/vendors/{id}/export',
    summary: "Export the vendor's own data",
    access: vendorOnly,
    params: self,
    answer: {
      message: 'Data exported',
      // The export's sections follow the account's tables (profile, products, leads, ...): a file for a person to read.
      schema: z.record(z.string(), z.unknown()),
      description: 'Everything kept about the vendor (`Content-Disposition: attachment`).',
    },
    errors: { 404: [VENDOR_NOT_FOUND_MESSAGE] },
  }),
  one: defineRoute({
    method: 'get',
    path: '/api/vendors/{id}',
    summary: 'One vendor',
    access: 'optional',
    params: { id: { description: 'The VendorID.' } },
    answer: {
      message: 'Vendor fetched successfully',
      schema: z.union([vendorSelfSchema, vendorPublicSchema]),
      description: 'To the vendor themself the full record (no password); to anyone else `{ VendorID, VendorName, VendorProfilePic }`.',
    },
    errors: { 404: [VENDOR_NOT_FOUND_MESSAGE] },
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/vendors/{id}',
    summary: "Save the vendor's profile",
    description: 'Sending `Password` (with `CurrentPassword`) changes the password: every older token stops working and the answer carries a fresh `token`.',
    access: vendorOnly,
    params: self,
    body: { json: vendorUpdateSchema },
    answer: { message: 'Profile updated successfully', schema: vendorSelfSchema, token: true },
    errors: {
      400: [CURRENT_PASSWORD_WRONG, PASSWORD_TOO_COMMON],
      404: [VENDOR_NOT_FOUND_MESSAGE],
      409: [EMAIL_TAKEN_MESSAGE, PASSWORD_CHANGE_RACE],
      429: [TOO_MANY_LOGINS_MESSAGE],
    },
  }),
}
