// Influencers (marketers in the API): sign-up and sign-in, the directory and public profile, the
// social media setup, the dashboard's totals, the profile and its picture, the data export, one
// definition per route (route.ts, decision 283).

import * as z from 'zod/mini'
import { EMAIL_TAKEN_MESSAGE, INVALID_LOGIN_MESSAGE, loginSchema, marketerLoginAnswerSchema, marketerRegisterSchema, TOO_MANY_LOGINS_MESSAGE } from './auth'
import { directoryQuerySchema } from './directory'
import { PASSWORD_TOO_COMMON } from './fields'
import {
  MARKETER_NOT_FOUND,
  MARKETERS_FETCHED,
  marketerAnalyticsSchema,
  marketerListItemSchema,
  marketerProfileSchema,
  marketerSelfSchema,
  PICTURE_UPDATED_MESSAGE,
  PREVIEW_UNKNOWN,
  PROFILE_CHANGED_MESSAGE,
  PROFILE_UPDATED_MESSAGE,
  PROFILE_VIEWS_LIMITED,
  pictureUploadSchema,
  profileUpdateSchema,
  SELECT_IMAGE_MESSAGE,
  SOCIAL_MEDIA_MAX_BYTES,
  SOCIAL_UPDATED_MESSAGE,
  socialUpdateSchema,
} from './marketer'
import { CURRENT_PASSWORD_WRONG, PASSWORD_CHANGE_RACE } from './password'
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE, PICTURE_MAX_BYTES, PICTURE_RACE_MESSAGE } from './product'
import { defineRoute } from './route'

const self = { id: { description: "The influencer's own MarketerID." } }
const marketerOnly = ['marketer'] as const
const CARD = 'Influencer cards: never Email or MobileNumber.'

export const MARKETER_ROUTES = {
  register: defineRoute({
    method: 'post',
    path: '/api/marketers/register',
    summary: 'Register an influencer',
    access: 'public',
    body: { json: marketerRegisterSchema },
    answer: { status: 201, message: 'Influencer registered successfully', schema: marketerSelfSchema },
    errors: { 400: [PASSWORD_TOO_COMMON], 409: [EMAIL_TAKEN_MESSAGE] },
  }),
  login: defineRoute({
    method: 'post',
    path: '/api/marketers/login',
    summary: 'Sign in as an influencer',
    access: 'public',
    body: { json: loginSchema },
    answer: { message: 'Login successful', schema: marketerLoginAnswerSchema, description: 'The bearer token works for 24 hours.' },
    errors: { 401: [INVALID_LOGIN_MESSAGE], 429: [TOO_MANY_LOGINS_MESSAGE] },
  }),
  directorySignedIn: defineRoute({
    method: 'get',
    path: '/api/marketers',
    summary: 'The influencer directory, signed in',
    description: 'The public directory without `success` (the setup page checks the API with `limit=1`).',
    access: ['vendor', 'marketer'],
    query: directoryQuerySchema,
    answer: { message: MARKETERS_FETCHED, schema: marketerListItemSchema, paged: true, description: CARD },
  }),
  directory: defineRoute({
    method: 'get',
    path: '/api/marketers/social-media',
    summary: 'The public influencer directory',
    access: 'public',
    query: directoryQuerySchema,
    answer: { message: MARKETERS_FETCHED, schema: marketerListItemSchema, paged: true, success: true, description: CARD },
  }),
  profile: defineRoute({
    method: 'get',
    path: '/api/marketers/social-media/{id}',
    summary: "An influencer's public profile",
    description:
      '`marketer` carries Email and MobileNumber only when `contactAccess` is `shared` (the influencer themself, a verified vendor, or a vendor who has worked with them). At most 120 profiles in 10 minutes per account, or per network when signed out.',
    access: 'optional',
    params: { id: { description: 'The MarketerID.' } },
    answer: {
      message: 'Influencer fetched successfully',
      schema: marketerProfileSchema,
      description: "`storefrontPath` is the creator's storefront (`/@{handle}` or `/i/{id}`) once it has a collection, else null.",
      success: true,
    },
    errors: { 404: [MARKETER_NOT_FOUND], 429: [PROFILE_VIEWS_LIMITED] },
  }),
  saveSocial: defineRoute({
    method: 'put',
    path: '/api/marketers/social-media/{id}',
    summary: "Save the influencer's social media setup",
    description: 'Preview images are data URLs (stored as new images) or media paths the influencer already has; blank removes one.',
    access: marketerOnly,
    params: self,
    body: { json: socialUpdateSchema, maxBytes: SOCIAL_MEDIA_MAX_BYTES },
    answer: { message: SOCIAL_UPDATED_MESSAGE, schema: marketerSelfSchema },
    errors: { 400: [NOT_AN_IMAGE, IMAGE_TOO_LARGE, PREVIEW_UNKNOWN], 404: [MARKETER_NOT_FOUND], 409: [PROFILE_CHANGED_MESSAGE] },
  }),
  analytics: defineRoute({
    method: 'get',
    path: '/api/marketers/analytics/{id}',
    summary: "The influencer's dashboard totals",
    access: marketerOnly,
    params: self,
    answer: { message: 'Analytics fetched successfully', schema: marketerAnalyticsSchema, description: '`totalCommission` in rupees.' },
  }),
  picture: defineRoute({
    method: 'post',
    path: '/api/marketers/upload/marketer-profile/{id}',
    summary: "Change the influencer's profile picture",
    access: marketerOnly,
    params: self,
    body: { multipart: null, files: { MarketerProfilePic: 'one' }, maxBytes: PICTURE_MAX_BYTES },
    answer: { message: PICTURE_UPDATED_MESSAGE, schema: pictureUploadSchema, description: 'The old picture is deleted.', success: true },
    errors: { 400: [SELECT_IMAGE_MESSAGE, NOT_AN_IMAGE, IMAGE_TOO_LARGE], 409: [PICTURE_RACE_MESSAGE] },
  }),
  exportData: defineRoute({
    method: 'get',
    path: '/api/marketers/{id}/export',
    summary: "Export the influencer's own data",
    access: marketerOnly,
    params: self,
    answer: {
      message: 'Data exported',
      // The export's sections follow the account's tables (profile, leads, links, ...): a file for a person to read.
      schema: z.record(z.string(), z.unknown()),
      description: 'Everything kept about the influencer (`Content-Disposition: attachment`).',
    },
  }),
  own: defineRoute({
    method: 'get',
    path: '/api/marketers/{id}',
    summary: "The influencer's own record",
    access: marketerOnly,
    params: self,
    answer: { message: 'Influencer fetched successfully', schema: marketerSelfSchema },
    errors: { 404: [MARKETER_NOT_FOUND] },
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/marketers/{id}',
    summary: "Save the influencer's profile",
    description: 'Sending `Password` (with `CurrentPassword`) changes the password: every older token stops working and the answer carries a fresh `token`.',
    access: marketerOnly,
    params: self,
    body: { json: profileUpdateSchema },
    answer: { message: PROFILE_UPDATED_MESSAGE, schema: marketerSelfSchema, token: true },
    errors: {
      400: [CURRENT_PASSWORD_WRONG, PASSWORD_TOO_COMMON],
      404: [MARKETER_NOT_FOUND],
      409: [EMAIL_TAKEN_MESSAGE, PASSWORD_CHANGE_RACE],
      429: [TOO_MANY_LOGINS_MESSAGE],
    },
  }),
}
