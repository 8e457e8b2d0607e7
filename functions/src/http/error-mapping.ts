import { DomainError, type ErrorCode } from '../domain/errors.js';
import { logger } from '../logger.js';

export interface ErrorResponseBody {
  code: ErrorCode | 'INTERNAL';
  message: string;
}

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UPSTREAM_ERROR: 502,
  plan_limit: 429,
  oauth_client_required: 400,
};

/** The one error -> HTTP mapping. 4xx carry the domain message; 5xx say nothing internal. */
export function toHttpError(error: unknown): { statusCode: number; body: ErrorResponseBody } {
  if (error instanceof DomainError) {
    return { statusCode: STATUS_BY_CODE[error.code], body: { code: error.code, message: error.message } };
  }
  logger.error('Unhandled error', error);
  return { statusCode: 500, body: { code: 'INTERNAL', message: 'Internal server error' } };
}
