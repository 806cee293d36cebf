import type { LoginInput, MarketerRegisterInput, VendorRegisterInput } from '@contract/auth'
import { MARKETER_ROUTES } from '@contract/marketer-routes'
import { VENDOR_ROUTES } from '@contract/vendor-routes'
import { callRoute } from './client'

// Sent without a stored token: their 401 means a wrong password, never a session to end.
export const loginVendor = (input: LoginInput) => callRoute(VENDOR_ROUTES.login, { json: input, anonymous: true })
export const loginMarketer = (input: LoginInput) => callRoute(MARKETER_ROUTES.login, { json: input, anonymous: true })
export const registerVendor = (input: VendorRegisterInput) => callRoute(VENDOR_ROUTES.register, { json: input, anonymous: true })
export const registerMarketer = (input: MarketerRegisterInput) => callRoute(MARKETER_ROUTES.register, { json: input, anonymous: true })
