import type { LoginInput, MarketerLoginData, MarketerRegisterInput, VendorLoginData, VendorRegisterInput } from '@contract/auth'
import type { MarketerSelf } from '@contract/marketer'
import type { VendorSelf } from '@contract/vendor'
import { request } from './client'

// Sent without a stored token: their 401 means a wrong password, never a session to end.
export const loginVendor = (input: LoginInput) => request<VendorLoginData>('POST', 'vendors/login', { json: input, anonymous: true })
export const loginMarketer = (input: LoginInput) => request<MarketerLoginData>('POST', 'marketers/login', { json: input, anonymous: true })
export const registerVendor = (input: VendorRegisterInput) => request<VendorSelf>('POST', 'vendors/register', { json: input, anonymous: true })
export const registerMarketer = (input: MarketerRegisterInput) => request<MarketerSelf>('POST', 'marketers/register', { json: input, anonymous: true })
