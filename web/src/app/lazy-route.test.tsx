import { ROUTER_MESSAGES } from '@agentforge/shared';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { LazyRoute, loadRoute, type RouteModule, routeHandle } from './lazy-route';
import { RootLayout } from './root-layout';
import { AppRoutes } from './router';

function Blank() {
  return null;
}

function Ready() {
  return <h1>Ready</h1>;
}

function Later() {
  return <h1>Later</h1>;
}

function page(Component: () => ReactNode, title: string) {
  return vi.fn(async () => ({ Component, handle: { title } }));
}

function renderAt(path: string, table: RouteObject[]) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes table={table} />
    </MemoryRouter>,
  );
}

describe('a lazy route', () => {
  it('renders its page in the first commit when its code was loaded before (a prerendered page)', async () => {
    const load = page(Ready, 'Ready');
    const route: RouteObject = { path: 'ready', element: <LazyRoute load={load} /> };
    await loadRoute(route);
    renderAt('/ready', [{ element: <RootLayout />, children: [route] }]);
    expect(screen.getByRole('heading', { name: 'Ready' })).toBeTruthy();
    expect(screen.queryByText(ROUTER_MESSAGES.loading)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the spinner until its code is loaded, then the page and its title', async () => {
    const route: RouteObject = { path: 'later', element: <LazyRoute load={page(Later, 'Later')} /> };
    renderAt('/later', [{ element: <RootLayout />, children: [route] }]);
    expect(screen.getByText(ROUTER_MESSAGES.loading)).toBeTruthy();
    expect(routeHandle(route)).toBeUndefined();
    expect(await screen.findByRole('heading', { name: 'Later' })).toBeTruthy();
    expect(routeHandle(route)).toEqual({ title: 'Later' });
  });

  it('loads its code again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<RouteModule>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ Component: Blank });
    const route: RouteObject = { element: <LazyRoute load={load} /> };
    await expect(loadRoute(route)).rejects.toThrow('offline');
    await expect(loadRoute(route)).resolves.toEqual({ Component: expect.any(Function) });
    await loadRoute(route);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
