import { PASSWORD_TOO_COMMON } from '../../contract/fields'
import { EMAIL_TAKEN_MESSAGE, INVALID_LOGIN_MESSAGE, loginSchema, marketerRegisterSchema, TOO_MANY_LOGINS_MESSAGE } from '../../contract/auth'
import { directoryQuerySchema } from '../../contract/directory'
import {
  MARKETER_NOT_FOUND,
  MARKETERS_FETCHED,
  PICTURE_UPDATED_MESSAGE,
  PROFILE_UPDATED_MESSAGE,
  PROFILE_VIEWS_LIMITED,
  profileUpdateSchema,
  SELECT_IMAGE_MESSAGE,
  SOCIAL_UPDATED_MESSAGE,
  socialUpdateSchema,
} from '../../contract/marketer'
import { CURRENT_PASSWORD_WRONG, PASSWORD_CHANGE_RACE } from '../../contract/password'
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '../../domain/images'
import { PREVIEW_UNKNOWN } from '../../domain/previews'
import { BODY_LIMITS } from '../../middleware/body-limit'
import { PICTURE_RACE_MESSAGE } from '../../services/media'
import { PROFILE_CHANGED_MESSAGE } from '../../services/profile'
import { routes } from '../registry'

const self = { id: { description: "The influencer's own MarketerID." } }
const marketerOnly = ['marketer'] as const
const CARD =
  'Influencer cards: MarketerID, MarketerName, MarketerProfilePic, the handles and counts, totalReachRaw, Category, Location, Verified, Bio, PreviewImage1-3, DateCreated, engagementRate; never Email or MobileNumber.'

export const marketerRoutes = routes(
  {
    method: 'post',
    path: '/api/marketers/register',
    summary: 'Register an influencer',
    access: 'public',
    body: { json: marketerRegisterSchema },
    answer: { status: 201, message: 'Influencer registered successfully', data: 'The influencer (`MarketerSelf`: no password).' },
    errors: { 400: [PASSWORD_TOO_COMMON], 409: [EMAIL_TAKEN_MESSAGE] },
  },
  {
    method: 'post',
    path: '/api/marketers/login',
    summary: 'Sign in as an influencer',
    access: 'public',
    body: { json: loginSchema },
    answer: { message: 'Login successful', data: '`{ token, marketer }`: the bearer token (24 hours) and the influencer.' },
    errors: { 401: [INVALID_LOGIN_MESSAGE], 429: [TOO_MANY_LOGINS_MESSAGE] },
  },
  {
    method: 'get',
    path: '/api/marketers',
    summary: 'The influencer directory, signed in',
    description: 'The public directory without `success` (the setup page checks the API with `limit=1`).',
    access: ['vendor', 'marketer'],
    query: directoryQuerySchema,
    answer: { message: MARKETERS_FETCHED, data: CARD, paged: true },
  },
  {
    method: 'get',
    path: '/api/marketers/social-media',
    summary: 'The public influencer directory',
    access: 'public',
    query: directoryQuerySchema,
    answer: { message: MARKETERS_FETCHED, data: CARD, paged: true, success: true },
  },
  {
    method: 'get',
    path: '/api/marketers/social-media/{id}',
    summary: "An influencer's public profile",
    description:
      '`marketer` carries Email and MobileNumber only when `contactAccess` is `shared` (the influencer themself, a verified vendor, or a vendor who has worked with them). At most 120 profiles in 10 minutes per account, or per network when signed out.',
    access: 'optional',
    answer: {
      message: 'Influencer fetched successfully',
      data: "`{ marketer, contactAccess, socialStats, platforms, engagementRate, lastUpdated, storefrontPath }`: `storefrontPath` is the creator's storefront (`/@{handle}` or `/i/{id}`) once it has a collection, else null.",
      success: true,
    },
    errors: { 404: [MARKETER_NOT_FOUND], 429: [PROFILE_VIEWS_LIMITED] },
  },
  {
    method: 'put',
    path: '/api/marketers/social-media/{id}',
    summary: "Save the influencer's social media setup",
    description: 'Preview images are data URLs (stored as new images) or media paths the influencer already has; blank removes one.',
    access: marketerOnly,
    params: self,
    body: { json: socialUpdateSchema, maxBytes: BODY_LIMITS.socialMedia },
    answer: { message: SOCIAL_UPDATED_MESSAGE, data: 'The influencer (`MarketerSelf`).' },
    errors: { 400: [NOT_AN_IMAGE, IMAGE_TOO_LARGE, PREVIEW_UNKNOWN], 404: [MARKETER_NOT_FOUND], 409: [PROFILE_CHANGED_MESSAGE] },
  },
  {
    method: 'get',
    path: '/api/marketers/analytics/{id}',
    summary: "The influencer's dashboard totals",
    access: marketerOnly,
    params: self,
    answer: { message: 'Analytics fetched successfully', data: '`{ totalLeads, totalConversions, totalImpressions, totalCommission }` (rupees).' },
  },
  {
    method: 'post',
    path: '/api/marketers/upload/marketer-profile/{id}',
    summary: "Change the influencer's profile picture",
    access: marketerOnly,
    params: self,
    body: { multipart: null, files: { MarketerProfilePic: 'one' }, maxBytes: BODY_LIMITS.picture },
    answer: { message: PICTURE_UPDATED_MESSAGE, data: '`{ profilePicUrl }`; the old picture is deleted.', success: true },
    errors: { 400: [SELECT_IMAGE_MESSAGE, NOT_AN_IMAGE, IMAGE_TOO_LARGE], 409: [PICTURE_RACE_MESSAGE] },
  },
  {
    method: 'get',
    path: '/api/marketers/{id}/export',
    summary: "Export the influencer's own data",
    access: marketerOnly,
    params: self,
    answer: { message: 'Data exported', data: 'Everything kept about the influencer (`Content-Disposition: attachment`).' },
  },
  {
    method: 'get',
    path: '/api/marketers/{id}',
    summary: "The influencer's own record",
    access: marketerOnly,
    params: self,
    answer: { message: 'Influencer fetched successfully', data: 'The full record (`MarketerSelf`), no password.' },
    errors: { 404: [MARKETER_NOT_FOUND] },
  },
  {
    method: 'put',
    path: '/api/marketers/{id}',
    summary: "Save the influencer's profile",
    description: 'Sending `Password` (with `CurrentPassword`) changes the password: every older token stops working and the answer carries a fresh `token`.',
    access: marketerOnly,
    params: self,
    body: { json: profileUpdateSchema },
    answer: { message: PROFILE_UPDATED_MESSAGE, data: 'The influencer (`MarketerSelf`).', token: true },
    errors: {
      400: [CURRENT_PASSWORD_WRONG, PASSWORD_TOO_COMMON],
      404: [MARKETER_NOT_FOUND],
      409: [EMAIL_TAKEN_MESSAGE, PASSWORD_CHANGE_RACE],
      429: [TOO_MANY_LOGINS_MESSAGE],
    },
  },
)
