import type { WebSearch } from '../../domain/chat/web-search.js';
import { ValidationError } from '../../domain/errors.js';
import { boundedBody, withTimeout } from './bounded-body.js';
import { htmlToText } from './html-text.js';

const TIMEOUT_MS = 10_000;
/** What is read of a page: its start (past it the rest is left unread). */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** What the model gets of a page's text (some 5,000 tokens). */
export const MAX_PAGE_TEXT = 20_000;

/** Why a page could not be fetched: the guard's refusal says why (undici wraps it as the cause). */
function unreadable(error: unknown): string {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (cause instanceof ValidationError) return cause.message;
    cause = (cause as { cause?: unknown }).cause;
  }
  if (error instanceof Error && error.name === 'TimeoutError') return 'The page did not answer within 10 s.';
  return 'The page could not be reached.';
}

/**
 * Reads a page for the model through `guardedFetch` (the outbound guard: public addresses only,
 * checked on every connection, no redirects): HTML or plain text, its first 2 MB in 10 s, its text
 * cut to 20,000 characters.
 */
export function createPageReader(guardedFetch: typeof fetch): WebSearch['readPage'] {
  return async (url, signal) => {
    const response = await guardedFetch(url, {
      headers: { Accept: 'text/html, text/plain;q=0.9' },
      signal: withTimeout(signal, TIMEOUT_MS),
    }).catch((error: unknown) => {
      if (signal.aborted) throw error;
      throw new Error(unreadable(error), { cause: error });
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`The page answered HTTP ${response.status}.`);
    }
    const type = response.headers.get('content-type') ?? '';
    const html = /html|xml/i.test(type);
    if (!html && !/^text\//i.test(type)) {
      await response.body?.cancel();
      throw new Error(`The page is not text (${type.split(';')[0] || 'no content type'}).`);
    }
    const { bytes, truncated } = await boundedBody(response, MAX_PAGE_BYTES);
    const body = bytes.toString('utf8');
    const page = html ? htmlToText(body) : { text: body.trim() };
    const cut = truncated || page.text.length > MAX_PAGE_TEXT;
    return { ...page, text: cut ? `${page.text.slice(0, MAX_PAGE_TEXT)}\n[Page cut off here]` : page.text };
  };
}
