import * as z from 'zod/mini';
import { API_ERROR_MESSAGES } from '../messages/api';

/** The body the API returns on every 4xx/5xx. */
export const apiErrorBodySchema = z.object({ code: z.string(), message: z.string() });
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const API_ERROR_KINDS = ['network', 'authentication', 'not_found', 'client', 'server'] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

/** Status 0 is a network failure; 401/403 authentication; 404 not found; 5xx server; other 4xx client. */
export function apiErrorKind(status: number): ApiErrorKind {
  if (status === 0) return 'network';
  if (status === 401 || status === 403) return 'authentication';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'server';
  return 'client';
}

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The message of a failed response: body.error.message, body.error, body.message, else 'HTTP error {status}'. */
export function apiErrorMessageFromBody(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'object' && error !== null) {
      const nested = (error as { message?: unknown }).message;
      if (nonEmptyString(nested)) return nested;
    }
    if (nonEmptyString(error)) return error;
    if (nonEmptyString(message)) return message;
  }
  return API_ERROR_MESSAGES.httpError(status);
}
