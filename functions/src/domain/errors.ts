import { OAUTH_CLIENT_REQUIRED_ERROR_CODE, PLAN_LIMIT_ERROR_CODE } from '@agentforge/shared';

/**
 * Domain errors. Services throw these; `http/error-mapping.ts` is the one place that turns them
 * into HTTP responses. Each carries a stable code and a message safe to show to the user.
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  /** A system we call (a model provider, an MCP server) failed. */
  | 'UPSTREAM_ERROR'
  /** A plan limit refused the work before it started (the app offers 'Upgrade Plan'). */
  | typeof PLAN_LIMIT_ERROR_CODE
  /** A remote server's authorization server registers no clients itself: the user gives a client ID. */
  | typeof OAUTH_CLIENT_REQUIRED_ERROR_CODE;

export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly code = 'BAD_REQUEST';
}

export class UnauthorizedError extends DomainError {
  readonly code = 'UNAUTHORIZED';
  constructor(message = 'Unauthorized', options?: ErrorOptions) {
    super(message, options);
  }
}

export class ForbiddenError extends DomainError {
  readonly code = 'FORBIDDEN';
}

/** Also used for resources the caller does not own: a wrong owner is 404, never someone else's data. */
export class NotFoundError extends DomainError {
  readonly code = 'NOT_FOUND';
}

export class ConflictError extends DomainError {
  readonly code = 'CONFLICT';
}

export class PayloadTooLargeError extends DomainError {
  readonly code = 'PAYLOAD_TOO_LARGE';
}

export class RateLimitedError extends DomainError {
  readonly code = 'RATE_LIMITED';
}

/**
 * A plan limit (tokens per day or request, the overage cap, servers, compute hours) refused the
 * work before it started: 429 with code `plan_limit`, and the stream's `error` event carries it.
 */
export class PlanLimitError extends DomainError {
  readonly code = PLAN_LIMIT_ERROR_CODE;
}

/** 400 with its own code: the OAuth start needs the user's own client ID (the card then asks for it). */
export class OAuthClientRequiredError extends DomainError {
  readonly code = OAUTH_CLIENT_REQUIRED_ERROR_CODE;
}
