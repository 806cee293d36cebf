import { PASSWORD_TOO_COMMON } from '../../contract/fields'
import { EMAIL_TAKEN_MESSAGE, INVALID_LOGIN_MESSAGE, loginSchema, TOO_MANY_LOGINS_MESSAGE, vendorRegisterSchema } from '../../contract/auth'
import { CURRENT_PASSWORD_WRONG, PASSWORD_CHANGE_RACE } from '../../contract/password'
import { VENDOR_PERFORMANCE_VIEWS, vendorPerformanceQuerySchema } from '../../contract/performance'
import { VENDOR_NOT_FOUND_MESSAGE, VENDOR_PROFILE_MESSAGES, vendorUpdateSchema } from '../../contract/vendor'
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '../../domain/images'
import { BODY_LIMITS } from '../../middleware/body-limit'
import { PICTURE_RACE_MESSAGE } from '../../services/media'
import { routes } from '../registry'

const self = { id: { description: "The vendor's own VendorID." } }
const view = { view: { description: 'By product or by influencer.', values: VENDOR_PERFORMANCE_VIEWS } }
const vendorOnly = ['vendor'] as const

export const vendorRoutes = routes(
  {
    method: 'post',
    path: '/api/vendors/register',
    summary: 'Register a vendor',
    access: 'public',
    body: { json: vendorRegisterSchema },
    answer: { status: 201, message: 'Vendor registered successfully', data: 'The vendor (`VendorSelf`: no password).' },
    errors: { 400: [PASSWORD_TOO_COMMON], 409: [EMAIL_TAKEN_MESSAGE] },
  },
  {
    method: 'post',
    path: '/api/vendors/login',
    summary: 'Sign in as a vendor',
    description: 'Ten failed passwords for one email in 15 minutes lock the login for 15 minutes (the password is then not checked).',
    access: 'public',
    body: { json: loginSchema },
    answer: { message: 'Login successful', data: '`{ token, vendor }`: the bearer token (24 hours) and the vendor.' },
    errors: { 401: [INVALID_LOGIN_MESSAGE], 429: [TOO_MANY_LOGINS_MESSAGE] },
  },
  {
    method: 'get',
    path: '/api/vendors/analytics/{id}',
    summary: "The vendor's dashboard totals",
    access: vendorOnly,
    params: self,
    answer: {
      message: 'Analytics fetched successfully',
      data: '`{ totalProducts, totalLeads, totalConvertedLead, totalPendingLead, totalRevenue, totalImpressions }` (rupees).',
    },
    errors: { 404: [VENDOR_NOT_FOUND_MESSAGE] },
  },
  {
    method: 'post',
    path: '/api/vendors/upload/vendor-profile/{id}',
    summary: "Change the vendor's profile picture",
    access: vendorOnly,
    params: self,
    body: { multipart: null, files: { VendorProfilePic: 'one' }, maxBytes: BODY_LIMITS.picture },
    answer: { message: 'Profile picture updated successfully', data: 'The vendor, `VendorProfilePic` the new media path; the old picture is deleted.' },
    errors: { 400: [VENDOR_PROFILE_MESSAGES.pictureRequired, NOT_AN_IMAGE, IMAGE_TOO_LARGE], 404: [VENDOR_NOT_FOUND_MESSAGE], 409: [PICTURE_RACE_MESSAGE] },
  },
  {
    method: 'get',
    path: '/api/vendors/performance/{view}',
    summary: "The vendor's performance by product or by influencer",
    description: 'Every product of the vendor (switched-off ones too), or every influencer with an impression or a lead on them in the period.',
    access: vendorOnly,
    params: view,
    query: vendorPerformanceQuerySchema,
    answer: {
      message: 'Performance fetched successfully',
      data: 'Rows `{ id, name, impressions, leads, conversions, conversionRate, revenue, commission }`.',
      paged: true,
    },
    errors: { 404: ['Route not found'] },
  },
  {
    method: 'get',
    path: '/api/vendors/performance/{view}/csv',
    summary: "The vendor's performance report as CSV",
    access: vendorOnly,
    params: view,
    query: vendorPerformanceQuerySchema,
    answer: { message: 'CSV attachment', data: 'Every row of the report: `collabkart-performance-{view}-{n-days|all-time}.csv`.', content: 'text/csv' },
    errors: { 404: ['Route not found'] },
  },
  {
    method: 'get',
    path: '/api/vendors/{id}/export',
    summary: "Export the vendor's own data",
    access: vendorOnly,
    params: self,
    answer: { message: 'Data exported', data: 'Everything kept about the vendor (`Content-Disposition: attachment`).' },
    errors: { 404: [VENDOR_NOT_FOUND_MESSAGE] },
  },
  {
    method: 'get',
    path: '/api/vendors/{id}',
    summary: 'One vendor',
    access: 'optional',
    answer: {
      message: 'Vendor fetched successfully',
      data: 'To the vendor themself the full record (no password); to anyone else `{ VendorID, VendorName, VendorProfilePic }`.',
    },
    errors: { 404: [VENDOR_NOT_FOUND_MESSAGE] },
  },
  {
    method: 'put',
    path: '/api/vendors/{id}',
    summary: "Save the vendor's profile",
    description: 'Sending `Password` (with `CurrentPassword`) changes the password: every older token stops working and the answer carries a fresh `token`.',
    access: vendorOnly,
    params: self,
    body: { json: vendorUpdateSchema },
    answer: { message: 'Profile updated successfully', data: 'The vendor.', token: true },
    errors: {
      400: [CURRENT_PASSWORD_WRONG, PASSWORD_TOO_COMMON],
      404: [VENDOR_NOT_FOUND_MESSAGE],
      409: [EMAIL_TAKEN_MESSAGE, PASSWORD_CHANGE_RACE],
      429: [TOO_MANY_LOGINS_MESSAGE],
    },
  },
)
