/** A tiny HTTP client for the local API as a signed-in user (or anonymous without a token). */
export function apiAs(apiUrl: string, idToken?: string) {
  const call = async (method: string, path: string, body?: unknown, raw?: string) => {
    const response = await fetch(`${apiUrl}/api${path}`, {
      method,
      headers: {
        ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}),
        ...(body !== undefined || raw !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown> & unknown) : {},
    };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    patch: (path: string, body?: unknown) => call('PATCH', path, body),
    del: (path: string) => call('DELETE', path),
    postRaw: (path: string, raw: string) => call('POST', path, undefined, raw),
  };
}
export type Api = ReturnType<typeof apiAs>;
