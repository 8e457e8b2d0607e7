import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import { listServerTools } from './server-features';

vi.mock('../../../lib/api-client', () => ({ apiClient: { get: vi.fn(), post: vi.fn() } }));

const TOOLS = [{ name: 'echo', annotations: { readOnlyHint: true } }];

afterEach(() => {
  vi.resetAllMocks();
});

describe('listServerTools', () => {
  it("asks a hosted server through the gateway (MCP tools/list), a remote one through the API's tools route", async () => {
    vi.mocked(apiClient.post).mockResolvedValueOnce({ result: { tools: TOOLS } });
    expect(await listServerTools({ id: 'h 1', kind: 'package' })).toEqual(TOOLS);
    expect(vi.mocked(apiClient.post).mock.calls[0]?.slice(0, 2)).toEqual([
      '/mcp-gateway/h%201',
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    ]);

    vi.mocked(apiClient.get).mockResolvedValueOnce({ tools: TOOLS });
    expect(await listServerTools({ id: 'r 1', kind: 'remote' })).toEqual(TOOLS);
    expect(vi.mocked(apiClient.get).mock.calls[0]?.[0]).toBe('/mcp-servers/r%201/tools');
    expect(apiClient.post).toHaveBeenCalledTimes(1);
  });
});
