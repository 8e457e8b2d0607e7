import { ProviderHttpError } from './provider-errors.js';

const TIMEOUT_MS = 10_000;

/** GET a provider's JSON endpoint (models list, validate); non-2xx rejects with ProviderHttpError. */
export async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const body = await response.text();
  if (!response.ok) throw new ProviderHttpError(response.status, body);
  try {
    return JSON.parse(body);
  } catch {
    throw new Error(`${new URL(url).pathname} did not answer JSON`);
  }
}

export function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
