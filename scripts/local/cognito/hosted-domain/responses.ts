import type { ServerResponse } from 'node:http';

/** The hosted domain's answers: JSON, Cognito's error page, a redirect, the provider chooser. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json;charset=UTF-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Cognito's error page: what it shows when it cannot trust the redirect URI to send the error to. */
export function sendErrorPage(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain;charset=UTF-8', 'Cache-Control': 'no-store' });
  res.end(`An error was encountered with the requested page: ${error}`);
}

export function redirect(
  res: ServerResponse,
  target: string,
  params: Record<string, string | undefined> = {},
): void {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  res.writeHead(302, { Location: url.toString(), 'Cache-Control': 'no-store' }).end();
}

export function sendChooserPage(
  res: ServerResponse,
  params: URLSearchParams,
  providers: readonly string[],
): void {
  const links = providers.map((name) => {
    const next = new URLSearchParams(params);
    next.set('identity_provider', name);
    const href = `/oauth2/authorize?${next.toString()}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    return `<li><a href="${href}">Continue with ${name}</a></li>`;
  });
  res.writeHead(200, { 'Content-Type': 'text/html;charset=UTF-8', 'Cache-Control': 'no-store' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in</title></head><body><main><h1>Sign in</h1><ul>${links.join('')}</ul></main></body></html>`,
  );
}
