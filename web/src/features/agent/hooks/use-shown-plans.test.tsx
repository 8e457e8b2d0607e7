import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agentPlan } from '../../../testing/agent-fixture';
import { type FakeHttp, fakeHttp } from '../../../testing/fake-http';
import { createTestQueryClient, queryWrapper } from '../../../testing/query';
import { agentKeys } from '../api/queries';
import { useShownPlans } from './use-shown-plans';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

let http: FakeHttp;
beforeEach(() => {
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const PLANS = /^\/conversations\/c1\/plans$/;

describe('useShownPlans', () => {
  it('shows the newest plan of a conversation opened while it is still open, in its mode', async () => {
    http.answer('GET', PLANS, {
      plans: [agentPlan({ id: 'p2', mode: 'multi_agent', status: 'in_progress' }), agentPlan()],
    });
    const setModeOf = vi.fn();
    const { result } = renderHook(() => useShownPlans('c1', setModeOf), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.planId).toBe('p2'));
    expect(setModeOf).toHaveBeenCalledWith('c1', 'multi_agent');
  });

  it('shows nothing for a conversation whose newest plan is over', async () => {
    http.answer('GET', PLANS, { plans: [agentPlan({ id: 'p2', status: 'completed' }), agentPlan()] });
    const setModeOf = vi.fn();
    const client = createTestQueryClient();
    const { result } = renderHook(() => useShownPlans('c1', setModeOf), { wrapper: queryWrapper(client) });
    await waitFor(() => expect(client.getQueryData(agentKeys.plans('c1'))).toHaveLength(2));
    expect(result.current.planId).toBeUndefined();
    expect(setModeOf).not.toHaveBeenCalled();
  });

  it('follows a goal from planning to its plan, keeps a failed one with its error, and forgets on dismiss', async () => {
    http.answer('GET', PLANS, { plans: [] });
    const { result } = renderHook(() => useShownPlans('c1', vi.fn()), { wrapper: queryWrapper() });
    await waitFor(() => expect(http.seen('GET', PLANS)).toHaveLength(1));
    act(() => result.current.show('c1', 'p1'));
    act(() => result.current.planning('c1', { goal: 'Say hi', mode: 'mcp', error: null }));
    expect(result.current.planId).toBeUndefined();
    expect(result.current.attempt).toEqual({ goal: 'Say hi', mode: 'mcp', error: null });
    act(() => result.current.show('c1', 'p3'));
    expect(result.current.planId).toBe('p3');
    act(() => result.current.failed('c1', { goal: 'Say hi', mode: 'mcp', error: 'No model' }));
    expect(result.current.attempt?.error).toBe('No model');
    act(() => result.current.forget('c1'));
    expect(result.current.planId).toBeUndefined();
    expect(result.current.attempt).toBeUndefined();
  });

  it('keeps what each conversation shows apart; a stopped planning leaves nothing', () => {
    const { result, rerender } = renderHook(({ id }) => useShownPlans(id, vi.fn()), {
      wrapper: queryWrapper(),
      initialProps: { id: 'c1' as string | null },
    });
    act(() => result.current.show('c2', 'p9'));
    act(() => result.current.planning('c1', { goal: 'Go', mode: 'mcp', error: null }));
    rerender({ id: 'c2' });
    expect(result.current.planId).toBe('p9');
    expect(result.current.attempt).toBeUndefined();
    rerender({ id: 'c1' });
    act(() => result.current.stopped('c1'));
    expect(result.current.attempt).toBeUndefined();
    rerender({ id: null });
    expect(result.current.planId).toBeUndefined();
  });
});
