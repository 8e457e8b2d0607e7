import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalWebSearch,
  METADATA_RESULT_URL,
  startLocalWebSearch,
} from '../../../../scripts/local/web-search/server.js';
import { BLOCKED_ENDPOINT_MESSAGE, createGuardedFetch } from '../net/guarded-fetch.js';
import { createBraveSearch } from './brave-search.js';
import { htmlToText } from './html-text.js';
import { createPageReader, MAX_PAGE_TEXT } from './page-reader.js';

const signal = new AbortController().signal;
let search: LocalWebSearch;
let pages: Server;
let pagesUrl: string;

beforeAll(async () => {
  search = await startLocalWebSearch({ apiKey: 'the-operators-key' });
  pages = createServer((req, res) => {
    if (req.url === '/huge') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      // 3 MB, more than a page is read of.
      for (let i = 0; i < 3 * 1024; i++) res.write('x'.repeat(1024));
      res.end();
    } else if (req.url === '/pdf') {
      res.writeHead(200, { 'Content-Type': 'application/pdf' });
      res.end('%PDF-1.7');
    } else if (req.url === '/slow') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('starting');
    } else {
      res.writeHead(302, { Location: 'http://169.254.169.254/' });
      res.end();
    }
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await search?.stop();
  pages?.closeAllConnections();
  await new Promise((resolve) => pages?.close(resolve));
});

describe('Brave Search client (against the local stand-in)', () => {
  it("reads Brave's results, marks removed", async () => {
    const run = createBraveSearch({ baseUrl: search.url, apiKey: async () => 'the-operators-key' });
    const results = await run('solar panels', signal);
    expect(results).toHaveLength(3);
    expect(results[0]).toEqual({
      title: 'solar panels: local result 1',
      url: `${search.url}/pages/1?q=solar%20panels`,
      description: 'What the local web says about solar panels, part 1.',
    });
  });

  it('says the key was refused, without the key', async () => {
    const run = createBraveSearch({ baseUrl: search.url, apiKey: async () => 'a-wrong-secret-key' });
    const failure = await run('x', signal).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('The web search refused the operator’s key.');
    expect((failure as Error).message).not.toContain('a-wrong-secret-key');
  });
});

describe('page reader', () => {
  const local = createPageReader(createGuardedFetch({ allowPrivate: true }));
  const publicOnly = createPageReader(createGuardedFetch({ allowPrivate: false }));

  it("reads a result page's text: no scripts, styles or markup", async () => {
    const page = await local(`${search.url}/pages/2?q=tides`, signal);
    expect(page.title).toBe('tides: local result 2');
    expect(page.text).toBe('tides\nLocal page 2 about tides: the facts a search would find.');
  });

  it('refuses a result at the metadata address, and any private address where the stage allows none', async () => {
    await expect(local(METADATA_RESULT_URL, signal)).rejects.toThrow(BLOCKED_ENDPOINT_MESSAGE);
    await expect(publicOnly(`${search.url}/pages/1`, signal)).rejects.toThrow(BLOCKED_ENDPOINT_MESSAGE);
    await expect(publicOnly('http://localhost:8080/', signal)).rejects.toThrow(BLOCKED_ENDPOINT_MESSAGE);
  });

  it('follows no redirect (one could point anywhere)', async () => {
    await expect(local(`${pagesUrl}/redirect`, signal)).rejects.toThrow('The page could not be reached.');
  });

  it('reads at most 2 MB of a page and gives the model its first 20,000 characters', async () => {
    const page = await local(`${pagesUrl}/huge`, signal);
    expect(page.text).toBe(`${'x'.repeat(MAX_PAGE_TEXT)}\n[Page cut off here]`);
  });

  it('refuses what is not text', async () => {
    await expect(local(`${pagesUrl}/pdf`, signal)).rejects.toThrow('The page is not text (application/pdf).');
  });

  it('gives up on a page that does not finish, when the reply is stopped', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('stopped')), 200);
    await expect(local(`${pagesUrl}/slow`, stop.signal)).rejects.toThrow();
  });
});

describe('htmlToText', () => {
  it('decodes entities and keeps blocks apart', () => {
    expect(htmlToText('<p>a &amp; b&#33;</p><p>c&nbsp;d &#x41;</p>')).toEqual({ text: 'a & b!\nc d A' });
  });
});
