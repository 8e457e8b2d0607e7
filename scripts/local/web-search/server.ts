import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { close, listen } from '../net.js';

export interface LocalWebSearch {
  /** The search API's base URL (`WEB_SEARCH_URL`). */
  url: string;
  /** The key it takes in `X-Subscription-Token` (`WEB_SEARCH_API_KEY`). */
  apiKey: string;
  stop(): Promise<void>;
}

const SEARCH_PATH = '/res/v1/web/search';
/** A query with this word also finds a page at the cloud metadata address (the outbound guard refuses it). */
export const METADATA_QUERY_WORD = 'metadata';
export const METADATA_RESULT_URL = 'http://169.254.169.254/latest/meta-data/';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A stand-in for Brave Search's web search API on the local stack, so web search runs offline:
 * `GET /res/v1/web/search?q=&count=` with the key in `X-Subscription-Token` answers Brave's
 * response shape (`web.results[]`: title, url, description with <strong> marks), and each result
 * is a page it serves itself (`/pages/<n>?q=`), so reading a result goes through the outbound
 * guard to a real page.
 */
export async function startLocalWebSearch(options: {
  port?: number;
  apiKey: string;
}): Promise<LocalWebSearch> {
  let base = '';
  const server = createServer((req, res) => {
    try {
      const { status, type, body } = handle(req);
      send(res, status, type, body);
    } catch (error) {
      send(res, 500, 'application/json', JSON.stringify({ error: String(error) }));
    }
  });

  function handle(req: IncomingMessage): { status: number; type: string; body: string } {
    const url = new URL(req.url ?? '/', base);
    if (req.method !== 'GET') return answer(405, 'text/plain', 'Method not allowed');
    if (url.pathname === SEARCH_PATH) {
      if (req.headers['x-subscription-token'] !== options.apiKey) {
        return answer(
          401,
          'application/json',
          JSON.stringify({
            type: 'ErrorResponse',
            error: { code: 'SUBSCRIPTION_TOKEN_INVALID', status: 401 },
          }),
        );
      }
      const query = (url.searchParams.get('q') ?? '').trim();
      if (!query) return answer(422, 'application/json', JSON.stringify({ type: 'ErrorResponse' }));
      const count = Math.min(Number(url.searchParams.get('count') ?? 5) || 5, 20);
      return answer(200, 'application/json', JSON.stringify(searchResponse(query, count)));
    }
    const page = url.pathname.match(/^\/pages\/(\d+)$/);
    if (page)
      return answer(
        200,
        'text/html; charset=utf-8',
        pageHtml(Number(page[1]), url.searchParams.get('q') ?? ''),
      );
    return answer(404, 'text/plain', 'Not found');
  }

  function searchResponse(query: string, count: number) {
    const results = Array.from({ length: Math.min(3, count) }, (_, index) => {
      const n = index + 1;
      return {
        type: 'search_result',
        title: `${query}: local result ${n}`,
        url: `${base}/pages/${n}?q=${encodeURIComponent(query)}`,
        description: `What the local web says about <strong>${escapeHtml(query)}</strong>, part ${n}.`,
      };
    });
    if (query.toLowerCase().includes(METADATA_QUERY_WORD)) {
      results.push({
        type: 'search_result',
        title: 'Instance metadata',
        url: METADATA_RESULT_URL,
        description: 'A page at the cloud metadata address.',
      });
    }
    return { type: 'search', query: { original: query }, web: { type: 'search', results } };
  }

  const port = await listen(server, options.port ?? 0);
  base = `http://127.0.0.1:${port}`;
  return { url: base, apiKey: options.apiKey, stop: () => close(server) };
}

function pageHtml(n: number, query: string): string {
  const topic = escapeHtml(query || 'this topic');
  return `<!doctype html><html><head><title>${topic}: local result ${n}</title><style>p{color:red}</style></head>
<body><h1>${topic}</h1><script>document.title = 'not text'</script>
<p>Local page ${n} about ${topic}: the facts a search would find.</p></body></html>`;
}

const answer = (status: number, type: string, body: string) => ({ status, type, body });

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
