import { ProviderHttpError } from './provider-errors.js';

const TIMEOUT_MS = 10_000;
/** A models list is a few KB; anything past this is not one. */
const MAX_BODY_BYTES = 1024 * 1024;

/** GET a provider's JSON endpoint (models list, validate); non-2xx rejects with ProviderHttpError. */
export async function getJson(
  url: string,
  headers: Record<string, string>,
  fetchFn: typeof fetch,
): Promise<unknown> {
  const response = await fetchFn(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const body = await boundedText(response);
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

async function boundedText(response: Response): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES)
      throw new Error(`${new URL(response.url || 'http://x').pathname} answered more than 1 MB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
