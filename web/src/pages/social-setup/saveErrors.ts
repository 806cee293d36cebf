import { MAX_IMAGE_BYTES } from '@contract/product'
import { ApiError } from '../../api/client'

// The social media setup's messages of spec 001 section 8, and the rules that pick one.

export const SETUP_MESSAGES = {
  tooBig: 'Image size should be less than 5MB',
  loginFirst: 'Please login first',
  serverDown: 'API server is not running. Please start the server and try again.',
  saveFailed: 'Failed to update social media profiles',
  network: 'Network error. Please check your connection and try again.',
  timeout: 'Request timed out. Please check if the API server is running.',
  generic: 'Something went wrong. Please try again.',
  saved: 'Social media profiles updated successfully!',
  skipped: 'You can add social media profiles later from your dashboard',
  pictureFailed: 'Failed to upload profile picture',
  pictureThrew: 'Profile picture upload failed',
} as const

/** Every selected image must be under 5 MB; a bigger one is ignored with the spec's toast. */
export const isImageTooBig = (file: { size: number }) => file.size >= MAX_IMAGE_BYTES

/** What a failed save shows: time-out, unreachable server, the server's own message, or the generic text. */
export function saveErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.network) return err.message.startsWith('timeout') ? SETUP_MESSAGES.timeout : SETUP_MESSAGES.network
    if (err.message) return err.message
  }
  return SETUP_MESSAGES.generic
}
