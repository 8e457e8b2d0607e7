import { describe, expect, it, vi } from 'vitest';
import { fetchRuntimeConfig, RuntimeConfigError } from './runtime-config';

const VALID = {
  stage: 'local',
  region: 'us-east-1',
  userPoolId: 'local_abc',
  userPoolClientId: 'client-1',
  userPoolEndpoint: 'http://localhost:9229',
  apiBaseUrl: 'http://localhost:3000/api',
  streamUrl: 'http://localhost:3000/api/messages/generate-stream',
};

function serving(response: Response) {
  return vi.fn<typeof fetch>().mockResolvedValue(response);
}

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

describe('fetchRuntimeConfig', () => {
  it('fetches /config.json and parses it', async () => {
    const fetchImpl = serving(jsonResponse(VALID));
    await expect(fetchRuntimeConfig(fetchImpl)).resolves.toEqual({
      ...VALID,
      streamAuthHeader: 'Authorization',
    });
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/config.json');
  });

  it('says which fields are invalid', async () => {
    const error = await fetchRuntimeConfig(
      serving(jsonResponse({ ...VALID, apiBaseUrl: 'not a url', userPoolId: '' })),
    )
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RuntimeConfigError);
    expect((error as Error).message).toMatch(/^\/config\.json is invalid:/);
    expect((error as Error).message).toContain('apiBaseUrl');
    expect((error as Error).message).toContain('userPoolId');
  });

  it('says the file is missing on a 404', async () => {
    await expect(fetchRuntimeConfig(serving(new Response('Not Found', { status: 404 })))).rejects.toThrow(
      'Could not load /config.json (HTTP 404). The file is missing on this server.',
    );
  });

  it('says the file is missing when a single-page-app fallback answers with HTML', async () => {
    const html = new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
    await expect(fetchRuntimeConfig(serving(html))).rejects.toThrow(/\/config\.json is missing/);
  });

  it('says when the file is not JSON', async () => {
    const text = new Response('stage = local', { headers: { 'content-type': 'application/json' } });
    await expect(fetchRuntimeConfig(serving(text))).rejects.toThrow('/config.json is not valid JSON.');
  });

  it('says when the server is unreachable', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('fetch failed'));
    await expect(fetchRuntimeConfig(fetchImpl)).rejects.toThrow(RuntimeConfigError);
  });
});
