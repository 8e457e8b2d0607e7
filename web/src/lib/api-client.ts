import { API_ERROR_MESSAGES } from '@agentforge/shared';
import type { AuthSession } from 'aws-amplify/auth';
import * as z from 'zod/mini';
import { getRuntimeConfig } from '../config/runtime-config';
import { amplifySession, mayBeSignedIn, onAuthEvent } from '../features/auth/api/identity-loader';
import { storedSession } from '../features/auth/api/stored-session';
import { ApiError, apiErrorFromResponse } from './api-error';

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T> = {
  /** Parses (and types) the response body; a mismatch is a parse failure. */
  schema?: z.core.$ZodType<T>;
  /** Query parameters; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type RequestWithBodyOptions<T> = RequestOptions<T> & {
  /** Sent as JSON. */
  body?: unknown;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiClient = {
  request<T = unknown>(method: Method, path: string, options?: RequestWithBodyOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  del<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
};

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** How long an ID token Amplify gave is reused without asking it again. */
const TOKEN_REUSE_MS = 60_000;
/** A token is reused only while it has more than this left (this browser's clock may be off by some). */
const TOKEN_MIN_LIFE_MS = 5 * 60_000;

type HeldToken = { token: string; expiresAt: number; heldUntil: number };
/**
 * The ID token last given by Amplify: the requests of one screen (a page's first paint sends about
 * six) ask Amplify once, not each (it reads and decodes its stored tokens every time). Any auth
 * event (sign-in, sign-out, a refresh) drops it.
 */
let held: HeldToken | undefined;
let asking: Promise<string | undefined> | undefined;
onAuthEvent(() => {
  held = undefined;
});

function holdable(session: AuthSession): HeldToken | undefined {
  const idToken = session.tokens?.idToken;
  const token = idToken?.toString();
  const exp = idToken?.payload?.exp;
  if (!token || typeof exp !== 'number') return undefined;
  return { token, expiresAt: exp * 1000, heldUntil: Date.now() + TOKEN_REUSE_MS };
}

function heldToken(): string | undefined {
  const now = Date.now();
  // No user stored any more (tokens cleared without an event): nothing to reuse.
  if (held && now < held.heldUntil && held.expiresAt - now > TOKEN_MIN_LIFE_MS && mayBeSignedIn()) {
    return held.token;
  }
  held = undefined;
  return undefined;
}

async function askAmplify(forceRefresh: boolean): Promise<string | undefined> {
  // The stored tokens while they are good: what Amplify would answer, without loading it.
  const stored = forceRefresh ? undefined : await storedSession();
  if (stored) {
    held = { token: stored.idToken, expiresAt: stored.expiresAt, heldUntil: Date.now() + TOKEN_REUSE_MS };
    return stored.idToken;
  }
  try {
    const session = await (await amplifySession()).fetchAuthSession(
      forceRefresh ? { forceRefresh } : undefined,
    );
    held = holdable(session);
    return session.tokens?.idToken?.toString() || undefined;
  } catch (error) {
    if (error instanceof Error && error.name === 'NetworkError') {
      throw new ApiError(API_ERROR_MESSAGES.network, { status: 0, cause: error });
    }
    throw new ApiError(API_ERROR_MESSAGES.noIdToken, {
      status: 401,
      statusText: 'Unauthorized',
      cause: error,
    });
  }
}

async function currentIdToken(forceRefresh: boolean): Promise<string | undefined> {
  if (forceRefresh) return askAmplify(true);
  const token = heldToken();
  if (token) return token;
  // Requests sent together share one answer.
  asking ??= askAmplify(false).finally(() => {
    asking = undefined;
  });
  return asking;
}

/** The bearer ID token: the current one, else one forced refresh, else an 'authentication' ApiError (status 401). */
export async function getIdToken(): Promise<string> {
  const token = (await currentIdToken(false)) ?? (await currentIdToken(true));
  if (!token) throw new ApiError(API_ERROR_MESSAGES.noIdToken, { status: 401, statusText: 'Unauthorized' });
  return token;
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function parseFailure(response: Response, data: unknown, cause: unknown): ApiError {
  return new ApiError(API_ERROR_MESSAGES.parseFailure, {
    status: response.status,
    statusText: response.statusText,
    kind: 'server',
    data,
    cause,
  });
}

async function readSuccess<T>(response: Response, schema: z.core.$ZodType<T> | undefined): Promise<T> {
  let data: unknown = {};
  if (response.status !== 204) {
    const text = await response.text();
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw parseFailure(response, text, error);
    }
  }
  if (!schema) return data as T;
  const result = z.safeParse(schema, data);
  if (!result.success) throw parseFailure(response, data, result.error);
  return result.data;
}

async function readError(response: Response): Promise<ApiError> {
  let data: unknown = null;
  try {
    const text = await response.text();
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's HTML or plain-text page): keep the text as the error's data.
      data = text;
    }
  } catch (error) {
    return new ApiError(API_ERROR_MESSAGES.httpError(response.status), {
      status: response.status,
      statusText: response.statusText,
      cause: error,
    });
  }
  return apiErrorFromResponse(response.status, response.statusText, data);
}

/**
 * A client of the product API: `baseUrl` (which includes `/api`) is read per request, every call
 * carries the bearer ID token, bodies are JSON, errors follow spec 8. No timeout (spec 9).
 */
export function createApiClient({ baseUrl }: { baseUrl: () => string }): ApiClient {
  async function request<T = unknown>(
    method: Method,
    path: string,
    options: RequestWithBodyOptions<T> = {},
  ): Promise<T> {
    const token = await getIdToken();
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    headers.set('Authorization', `Bearer ${token}`);
    const init: RequestInit = { method, headers };
    if (options.signal) init.signal = options.signal;
    if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      init.body = JSON.stringify(options.body);
    }

    let response: Response;
    try {
      response = await fetch(buildUrl(baseUrl(), path, options.query), init);
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ApiError(API_ERROR_MESSAGES.network, { status: 0, cause: error });
    }
    if (!response.ok) throw await readError(response);
    return readSuccess(response, options.schema);
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    del: (path, options) => request('DELETE', path, options),
  };
}

/** The app's one API client, on the runtime configuration's `apiBaseUrl`. */
export const apiClient: ApiClient = createApiClient({ baseUrl: () => getRuntimeConfig().apiBaseUrl });
