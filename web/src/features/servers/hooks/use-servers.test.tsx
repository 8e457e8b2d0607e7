import { PLAN_LIMIT_ERROR_CODE } from '@agentforge/shared';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/toast/toaster';
import { resetToaster } from '../../../components/toast/toaster-store';
import { ApiError } from '../../../lib/api-error';
import { queryWrapper } from '../../../testing/query';
import type { ServerView } from '../api/servers';
import * as api from '../api/servers';
import { ENABLED_SERVER_POLL_INTERVAL_MS, SERVER_POLL_INTERVAL_MS, useServers } from './use-servers';

vi.mock('../api/servers');

const view = (patch: Partial<ServerView> = {}): ServerView => ({
  id: 's1',
  name: 'Everything',
  packageName: '@modelcontextprotocol/server-everything',
  idleTimeoutMinutes: 10,
  environmentVariables: {},
  status: 'disabled',
  ...patch,
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  resetToaster();
  vi.useRealTimers();
  vi.resetAllMocks();
});

describe('useServers', () => {
  it('polls every 1.5 s while a server is transitional, then slowly once it is enabled', async () => {
    vi.mocked(api.listServers)
      .mockResolvedValueOnce([view({ status: 'provisioning' }), view({ id: 's2' })])
      .mockResolvedValueOnce([view({ status: 'starting' }), view({ id: 's2' })])
      .mockResolvedValue([view({ status: 'enabled', healthStatus: 'running' }), view({ id: 's2' })]);
    const { result } = renderHook(() => useServers(), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.polling).toBe(true);
    expect(api.listServers).toHaveBeenCalledTimes(1);

    await advance(SERVER_POLL_INTERVAL_MS);
    expect(api.listServers).toHaveBeenCalledTimes(2);
    expect(result.current.servers[0]?.status).toBe('starting');

    await advance(SERVER_POLL_INTERVAL_MS);
    expect(api.listServers).toHaveBeenCalledTimes(3);
    expect(result.current.servers[0]?.status).toBe('enabled');
    expect(result.current.polling).toBe(false);

    await advance(SERVER_POLL_INTERVAL_MS * 5);
    expect(api.listServers).toHaveBeenCalledTimes(3);
    // Enabled now: polled slowly from here on.
    await advance(ENABLED_SERVER_POLL_INTERVAL_MS - SERVER_POLL_INTERVAL_MS * 5);
    expect(api.listServers).toHaveBeenCalledTimes(4);
  });

  it('does not poll when nothing is transitional or enabled', async () => {
    vi.mocked(api.listServers).mockResolvedValue([
      view({ status: 'disabled' }),
      view({ id: 's2', status: 'error' }),
    ]);
    const { result } = renderHook(() => useServers(), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await advance(ENABLED_SERVER_POLL_INTERVAL_MS * 3);
    expect(api.listServers).toHaveBeenCalledTimes(1);
    expect(result.current.polling).toBe(false);
  });

  it('polls every 30 s while a server is enabled, and stops once it has been stopped', async () => {
    const running = view({ status: 'enabled', healthStatus: 'running' });
    vi.mocked(api.listServers)
      .mockResolvedValueOnce([running, view({ id: 's2' })])
      .mockResolvedValueOnce([running, view({ id: 's2' })])
      // The reaper has stopped it for idleness.
      .mockResolvedValue([view({ status: 'disabled' }), view({ id: 's2' })]);
    const { result } = renderHook(() => useServers(), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.polling).toBe(false);

    await advance(ENABLED_SERVER_POLL_INTERVAL_MS - 1000);
    expect(api.listServers).toHaveBeenCalledTimes(1);
    await advance(1000);
    expect(api.listServers).toHaveBeenCalledTimes(2);
    expect(result.current.servers[0]?.status).toBe('enabled');

    await advance(ENABLED_SERVER_POLL_INTERVAL_MS);
    expect(api.listServers).toHaveBeenCalledTimes(3);
    expect(result.current.servers[0]?.status).toBe('disabled');

    await advance(ENABLED_SERVER_POLL_INTERVAL_MS * 3);
    expect(api.listServers).toHaveBeenCalledTimes(3);
  });

  it('starts polling after enabling, and keeps polling through a failed poll', async () => {
    vi.mocked(api.listServers).mockResolvedValueOnce([view()]);
    vi.mocked(api.enableServer).mockResolvedValue(view({ status: 'provisioning' }));
    const { result } = renderHook(() => useServers(), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.status).toBe('ready'));

    vi.mocked(api.listServers)
      .mockRejectedValueOnce(new ApiError('Failed to connect', { status: 0 }))
      .mockResolvedValue([view({ status: 'enabled', healthStatus: 'running' })]);
    await act(() => result.current.toggle(view()));
    expect(api.enableServer).toHaveBeenCalledWith('s1');
    expect(result.current.servers[0]?.status).toBe('provisioning');
    expect(result.current.polling).toBe(true);

    await advance(SERVER_POLL_INTERVAL_MS);
    expect(result.current.status).toBe('ready');
    expect(result.current.servers[0]?.status).toBe('provisioning');
    await advance(SERVER_POLL_INTERVAL_MS);
    expect(result.current.servers[0]?.status).toBe('enabled');
    expect(result.current.polling).toBe(false);
  });

  it("reports 'Failed to initialize server' when enabling fails, with the API's reason", async () => {
    vi.mocked(api.listServers).mockResolvedValue([view()]);
    vi.mocked(api.enableServer).mockRejectedValue(
      new ApiError('Your plan runs at most 1 server at a time. Disable another server first.', {
        status: 429,
      }),
    );
    const { result } = renderHook(() => useServers(), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(() => result.current.toggle(view()));
    expect(result.current.failures.s1).toEqual({
      title: 'Failed to initialize server',
      detail: 'Your plan runs at most 1 server at a time. Disable another server first.',
    });
    expect(result.current.pending.s1).toBeUndefined();
    await act(async () => result.current.dismissFailure('s1'));
    expect(result.current.failures.s1).toBeUndefined();
  });

  it('marks a refusal by a plan limit (the API error carries its code), so the card offers Upgrade Plan', async () => {
    vi.mocked(api.listServers).mockResolvedValue([view()]);
    vi.mocked(api.enableServer).mockRejectedValue(
      new ApiError('Your plan runs at most 1 server at a time.', {
        status: 429,
        data: { code: PLAN_LIMIT_ERROR_CODE, message: 'Your plan runs at most 1 server at a time.' },
      }),
    );
    const { result } = renderHook(() => useServers(), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(() => result.current.toggle(view()));
    expect(result.current.failures.s1).toEqual({
      title: 'Failed to initialize server',
      detail: 'Your plan runs at most 1 server at a time.',
      planLimit: true,
    });
  });

  it('toasts a plan-limit refusal with Upgrade Plan (the card may be out of view), not other failures', async () => {
    const limit = 'Your plan runs at most 1 server at a time.';
    vi.mocked(api.listServers).mockResolvedValue([view(), view({ id: 's2' })]);
    vi.mocked(api.enableServer)
      .mockRejectedValueOnce(new ApiError('conflict', { status: 409 }))
      .mockRejectedValueOnce(
        new ApiError(limit, { status: 429, data: { code: PLAN_LIMIT_ERROR_CODE, message: limit } }),
      );
    render(
      <MemoryRouter>
        <Toaster />
      </MemoryRouter>,
    );
    const { result } = renderHook(() => useServers(), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(() => result.current.toggle(view({ id: 's2' })));
    expect(screen.queryByRole('alert')).toBeNull();

    await act(() => result.current.toggle(view()));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to initialize server');
    expect(alert.textContent).toContain(limit);
    expect(screen.getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/pricing');
  });

  it("reports 'Failed to update server configuration' when disabling fails", async () => {
    const running = view({ status: 'enabled', healthStatus: 'running' });
    vi.mocked(api.listServers).mockResolvedValue([running]);
    vi.mocked(api.disableServer).mockRejectedValue(new ApiError('conflict', { status: 409 }));
    const { result } = renderHook(() => useServers(), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(() => result.current.toggle(running));
    expect(api.disableServer).toHaveBeenCalledWith('s1');
    expect(result.current.failures.s1?.title).toBe('Failed to update server configuration');
  });

  it('marks the server busy while its action runs, and removes a deleted server', async () => {
    vi.mocked(api.listServers).mockResolvedValue([view(), view({ id: 's2' })]);
    let finish: () => void = () => undefined;
    vi.mocked(api.deleteServer).mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useServers(), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    let removal: Promise<void> = Promise.resolve();
    act(() => {
      removal = result.current.remove('s1');
    });
    await waitFor(() => expect(result.current.pending.s1).toBe('delete'));
    await act(async () => {
      finish();
      await removal;
    });
    expect(result.current.pending.s1).toBeUndefined();
    expect(result.current.servers.map((s) => s.id)).toEqual(['s2']);
  });

  it('reports a failed first load, and loads again on reload', async () => {
    vi.mocked(api.listServers)
      .mockRejectedValueOnce(new ApiError('Internal server error', { status: 500 }))
      .mockResolvedValue([view()]);
    const { result } = renderHook(() => useServers(), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe('Internal server error');
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.servers).toHaveLength(1);
  });
});
