import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { apiClient } from '../../../lib/api-client';
import { queryWrapper } from '../../../testing/query';
import { useProviders } from './use-providers';

vi.mock('../../../lib/api-client', () => ({ apiClient: { get: vi.fn() } }));

const PROVIDERS = [{ id: 'openai', name: 'OpenAI', models: [{ id: 'gpt', name: 'GPT' }] }];

afterEach(() => {
  vi.resetAllMocks();
});

describe('useProviders', () => {
  it('reuses the list across chat pages and window focus, and loads it again when asked (keys changed)', async () => {
    vi.mocked(apiClient.get).mockResolvedValue(PROVIDERS);
    const wrapper = queryWrapper(createQueryClient());
    const first = renderHook(() => useProviders(), { wrapper });
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    first.unmount();

    const second = renderHook(() => useProviders(), { wrapper });
    expect(second.result.current.providers).toEqual(PROVIDERS);
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(apiClient.get).toHaveBeenCalledTimes(1);

    act(() => second.result.current.reload());
    await waitFor(() => expect(apiClient.get).toHaveBeenCalledTimes(2));
  });
});
