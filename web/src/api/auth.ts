import type {
  LoginInput,
  MarketerLoginData,
  MarketerRegisterInput,
  VendorLoginData,
  VendorRegisterInput,
} from '@contract/auth'
import type { MarketerSelf } from '@contract/marketer'
import type { VendorSelf } from '@contract/vendor'
import { request } from './client'

export const loginVendor = (input: LoginInput) => request<VendorLoginData>('POST', 'vendors/login', { json: input })
export const loginMarketer = (input: LoginInput) => request<MarketerLoginData>('POST', 'marketers/login', { json: input })
export const registerVendor = (input: VendorRegisterInput) => request<VendorSelf>('POST', 'vendors/register', { json: input })
export const registerMarketer = (input: MarketerRegisterInput) =>
  request<MarketerSelf>('POST', 'marketers/register', { json: input })
