// The one family of refusals. Rules throw these without knowing about HTTP; one place
// (middleware/envelope.ts, onError) turns each code into its status and the envelope. The message
// is what the caller sees, as it is.

export type ErrorCode = 'invalid_input' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited' | 'unavailable'

export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode
}

/** 400: the input breaks a rule. */
export class InvalidInput extends DomainError {
  readonly code = 'invalid_input'
}

/** 401: no valid session, or the credentials are wrong. */
export class Unauthenticated extends DomainError {
  readonly code = 'unauthenticated'
  constructor(message = 'Please log in to continue') {
    super(message)
  }
}

/** 403: signed in, but not allowed to do this. */
export class Forbidden extends DomainError {
  readonly code = 'forbidden'
  constructor(message = 'You are not allowed to do this') {
    super(message)
  }
}

/** 404 */
export class NotFound extends DomainError {
  readonly code = 'not_found'
}

/** 409: somebody changed the same record at the same moment, or the state no longer allows it. */
export class Conflict extends DomainError {
  readonly code = 'conflict'
}

/** 429: a limit on attempts or submissions was reached. */
export class RateLimited extends DomainError {
  readonly code = 'rate_limited'
}

/** 503: a part the action needs (a queue) refused it just now; nothing was changed, try again. */
export class Unavailable extends DomainError {
  readonly code = 'unavailable'
}
