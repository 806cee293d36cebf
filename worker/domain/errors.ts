// Errors the business rules throw, without knowing about HTTP. One place
// (middleware/envelope.ts, onError) maps each to its status and the envelope.

export class DomainError extends Error {}

/** 400: the input breaks a rule; the message is what the caller sees. */
export class InvalidInput extends DomainError {}
/** 404 */
export class NotFound extends DomainError {}
/** 403 */
export class Forbidden extends DomainError {}
/** 409: somebody changed the same record at the same moment, or the state no longer allows it. */
export class Conflict extends DomainError {}
/** 401: no valid session, or the credentials are wrong. */
export class Unauthenticated extends DomainError {}
/** 429: a limit on attempts or submissions was reached. */
export class RateLimited extends DomainError {}
