import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { close, listen, readBody } from '../net.js';

/**
 * The local stand-in for GitHub's OAuth App web flow and the REST calls the account link makes,
 * with GitHub's wire formats: the authorize page (a consent screen clearly titled as a local test
 * GitHub, with Authorize and Deny), `POST /login/oauth/access_token` (form or JSON; single-use
 * codes, the client secret and PKCE checked; errors as 200 + `{error, error_description}`),
 * `GET /user` and `DELETE /applications/{client_id}/token`. State is kept in memory: a restart
 * forgets its tokens (a link made before then has to be made again).
 */
export interface LocalGithubOptions {
  port: number;
  clientId: string;
  clientSecret: string;
  /** The OAuth App's registered callback URL; a `redirect_uri` must lie under it. */
  callbackUrl?: string;
  now?: () => number;
}

export interface LocalGithub {
  /** `http://localhost:<port>`: both the OAuth host and the API base URL. */
  url: string;
  port: number;
  clientSecret: string;
  stop(): Promise<void>;
}

interface IssuedCode {
  login: string;
  scope: string;
  redirectUri: string | undefined;
  codeChallenge: string | undefined;
  expiresAt: number;
}

const CODE_TTL_MS = 10 * 60_000;
const MAX_BODY_BYTES = 64 * 1024;
const DOCS =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';
const DENIED_DESCRIPTION = 'The user has denied your application access.';

const htmlEscape = (value: string) => value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');
const sha256 = (value: string) => createHash('sha256').update(value).digest();

function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { Location: location, 'Cache-Control': 'no-store' }).end();
}

/** A form or JSON body as GitHub accepts both, by Content-Type. */
async function readParams(req: IncomingMessage): Promise<Record<string, string>> {
  const text = await readBody(req, MAX_BODY_BYTES);
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    const parsed = text ? (JSON.parse(text) as unknown) : {};
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** The stable numeric id a login gets (GitHub user ids are numbers). */
const userIdOf = (login: string) => sha256(login.toLowerCase()).readUInt32BE(0) % 100_000_000;

function consentPage(params: URLSearchParams, appName: string): string {
  const hidden = [...params.entries()]
    .map(([name, value]) => `<input type="hidden" name="${htmlEscape(name)}" value="${htmlEscape(value)}">`)
    .join('\n        ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Local test GitHub: authorize ${htmlEscape(appName)}</title>
    <style>
      body { font-family: system-ui, sans-serif; background: #f6f8fa; color: #1f2328; margin: 0; }
      main { max-width: 28rem; margin: 4rem auto; background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 2rem; }
      .badge { display: inline-block; background: #fff8c5; border: 1px solid #d4a72c; border-radius: 2rem; padding: 0.1rem 0.6rem; font-size: 0.85rem; }
      label { display: block; margin: 1rem 0 0.25rem; font-weight: 600; }
      input[type=text] { width: 100%; box-sizing: border-box; padding: 0.4rem; font-size: 1rem; border: 1px solid #6e7781; border-radius: 6px; }
      .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
      button { font-size: 1rem; padding: 0.5rem 1rem; border-radius: 6px; border: 1px solid #1f2328; cursor: pointer; }
      button[value=authorize] { background: #1a7f37; color: #fff; border-color: #1a7f37; }
      button[value=deny] { background: #fff; color: #1f2328; }
      button:focus-visible, input:focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      <p class="badge">Local test GitHub: not github.com</p>
      <h1>Authorize ${htmlEscape(appName)}</h1>
      <p>${htmlEscape(appName)} wants to access your account: your profile and repositories
        (scope <code>${htmlEscape(params.get('scope') ?? '')}</code>).</p>
      <form method="post" action="/login/oauth/authorize">
        ${hidden}
        <label for="login">Sign in as (any username)</label>
        <input id="login" name="login" type="text" value="octocat" autocomplete="username" required pattern="[A-Za-z0-9-]{1,39}">
        <div class="actions">
          <button type="submit" name="decision" value="authorize">Authorize</button>
          <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
        </div>
      </form>
    </main>
  </body>
</html>`;
}

export async function startLocalGithub(options: LocalGithubOptions): Promise<LocalGithub> {
  const now = options.now ?? Date.now;
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, { login: string; scope: string }>();

  /** The redirect URI a request may use: under the registered callback URL, or that URL itself. */
  function redirectTarget(requested: string | null): string | undefined {
    const registered = options.callbackUrl;
    if (!requested) return registered;
    if (!registered) return requested;
    const a = new URL(requested);
    const b = new URL(registered);
    return a.origin === b.origin && a.pathname.startsWith(b.pathname) ? requested : undefined;
  }

  function withParams(target: string, params: Record<string, string>): string {
    const url = new URL(target);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }

  function authorizePage(url: URL, res: ServerResponse): void {
    const params = url.searchParams;
    if (params.get('client_id') !== options.clientId) {
      res
        .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('Unknown OAuth application (client_id).');
      return;
    }
    const target = redirectTarget(params.get('redirect_uri'));
    if (!target) {
      res
        .writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('The redirect_uri MUST match the registered callback URL for this application.');
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      // form-action also covers the redirect the form's answer makes: to the App's callback.
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(target).origin}; frame-ancestors 'none'`,
      'Cache-Control': 'no-store',
    });
    res.end(consentPage(params, 'AgentForge (local)'));
  }

  async function decide(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readParams(req);
    const target = redirectTarget(form.redirect_uri ?? null);
    if (form.client_id !== options.clientId || !target) {
      res
        .writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('Invalid authorization request.');
      return;
    }
    const state: Record<string, string> = form.state ? { state: form.state } : {};
    if (form.decision !== 'authorize') {
      redirect(
        res,
        withParams(target, {
          error: 'access_denied',
          error_description: DENIED_DESCRIPTION,
          error_uri:
            'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#access-denied',
          ...state,
        }),
      );
      return;
    }
    const login = (form.login ?? '').trim();
    if (!/^[A-Za-z0-9-]{1,39}$/.test(login)) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Invalid username.');
      return;
    }
    const code = randomHex(10);
    codes.set(code, {
      login,
      scope: form.scope ?? '',
      redirectUri: form.redirect_uri,
      codeChallenge: form.code_challenge_method === 'S256' ? form.code_challenge : undefined,
      expiresAt: now() + CODE_TTL_MS,
    });
    redirect(res, withParams(target, { code, ...state }));
  }

  async function accessToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const params = await readParams(req);
    const wantsJson = (req.headers.accept ?? '').includes('application/json');
    const answer = (body: Record<string, string>) => {
      if (wantsJson) return sendJson(res, 200, body);
      const text = new URLSearchParams(body).toString();
      res.writeHead(200, { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' }).end(text);
    };
    const fail = (error: string, description: string) =>
      answer({ error, error_description: description, error_uri: DOCS });
    if (
      params.client_id !== options.clientId ||
      !safeEqual(params.client_secret ?? '', options.clientSecret)
    ) {
      return fail('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.');
    }
    const issued = params.code ? codes.get(params.code) : undefined;
    // Single use: a code is gone once presented, whether the exchange succeeds or not.
    if (params.code) codes.delete(params.code);
    if (!issued || issued.expiresAt <= now()) {
      return fail('bad_verification_code', 'The code passed is incorrect or expired.');
    }
    if (params.redirect_uri && params.redirect_uri !== issued.redirectUri) {
      return fail(
        'redirect_uri_mismatch',
        'The redirect_uri MUST match the registered callback URL for this application.',
      );
    }
    if (
      issued.codeChallenge &&
      sha256(params.code_verifier ?? '').toString('base64url') !== issued.codeChallenge
    ) {
      return fail('bad_verification_code', 'The code passed is incorrect or expired.');
    }
    const token = `gho_${randomBytes(27).toString('base64url').replace(/[-_]/g, 'A').slice(0, 36)}`;
    tokens.set(token, { login: issued.login, scope: issued.scope });
    answer({ access_token: token, token_type: 'bearer', scope: issued.scope.split(' ').join(',') });
  }

  function user(req: IncomingMessage, res: ServerResponse): void {
    const match = /^(?:Bearer|token) (\S+)$/i.exec(req.headers.authorization ?? '');
    const owner = match ? tokens.get(match[1] as string) : undefined;
    if (!owner) {
      sendJson(res, 401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      });
      return;
    }
    const id = userIdOf(owner.login);
    sendJson(res, 200, {
      login: owner.login,
      id,
      name: `${owner.login} (local test GitHub)`,
      avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
      type: 'User',
    });
  }

  async function revoke(req: IncomingMessage, res: ServerResponse, clientId: string): Promise<void> {
    const basic = /^Basic (\S+)$/i.exec(req.headers.authorization ?? '');
    const [id, secret] = basic
      ? Buffer.from(basic[1] as string, 'base64')
          .toString('utf8')
          .split(':')
      : [];
    if (
      clientId !== options.clientId ||
      id !== options.clientId ||
      !safeEqual(secret ?? '', options.clientSecret)
    ) {
      sendJson(res, 404, {
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest',
        status: '404',
      });
      return;
    }
    const { access_token: token } = await readParams(req);
    if (!token) {
      sendJson(res, 422, {
        message: 'Invalid request.',
        documentation_url: 'https://docs.github.com/rest',
        status: '422',
      });
      return;
    }
    if (!tokens.delete(token)) {
      sendJson(res, 404, {
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest',
        status: '404',
      });
      return;
    }
    res.writeHead(204).end();
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = `${req.method} ${url.pathname}`;
    const revokePath = /^\/applications\/([^/]+)\/token$/.exec(url.pathname);
    const handled =
      route === 'GET /login/oauth/authorize'
        ? Promise.resolve(authorizePage(url, res))
        : route === 'POST /login/oauth/authorize'
          ? decide(req, res)
          : route === 'POST /login/oauth/access_token'
            ? accessToken(req, res)
            : route === 'GET /user'
              ? Promise.resolve(user(req, res))
              : req.method === 'DELETE' && revokePath
                ? revoke(req, res, decodeURIComponent(revokePath[1] as string))
                : Promise.resolve(sendJson(res, 404, { message: 'Not Found', status: '404' }));
    handled.catch(() => {
      if (!res.headersSent) sendJson(res, 400, { message: 'Problems parsing request', status: '400' });
      else res.end();
    });
  });
  const port = await listen(server, options.port);
  return {
    url: `http://localhost:${port}`,
    port,
    clientSecret: options.clientSecret,
    stop: () => close(server),
  };
}
