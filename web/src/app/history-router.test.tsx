import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, UNSAFE_createMemoryHistory, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HistoryRouter } from './history-router';
import { LazyRoute, type RouteModule } from './lazy-route';
import { RootLayout } from './root-layout';
import { AppRoutes } from './router';

/** Navigates to /b and reads the heading in the same event handler. */
function Jump({ flushSync }: { flushSync: boolean }) {
  const navigate = useNavigate();
  const jump = () => {
    void navigate('/b', { flushSync });
    document.body.dataset.seen = document.querySelector('h1')?.textContent ?? '';
  };
  return (
    <button type="button" onClick={jump}>
      Jump
    </button>
  );
}

function PageA({ flushSync = false }: { flushSync?: boolean }) {
  return (
    <>
      <h1>Page A</h1>
      <Jump flushSync={flushSync} />
      <Link to="/slow">Slow page</Link>
    </>
  );
}

function SlowPage() {
  return <h1>Slow page</h1>;
}

function renderAt(path: string, table: Parameters<typeof AppRoutes>[0]['table']) {
  const history = UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true });
  render(
    <HistoryRouter history={history}>
      <AppRoutes table={table} />
    </HistoryRouter>,
  );
  return history;
}

describe('the router', () => {
  it.each([
    [true, 'Page B'],
    [false, 'Page A'],
  ])('renders a navigation with flushSync %s at once, else after the event', async (flushSync, seen) => {
    renderAt('/a', [
      { path: 'a', element: <PageA flushSync={flushSync} /> },
      { path: 'b', element: <h1>Page B</h1> },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Jump' }));
    expect(document.body.dataset.seen).toBe(seen);
    expect(await screen.findByRole('heading', { name: 'Page B' })).toBeTruthy();
  });

  it("keeps the page until the next page's code is loaded", async () => {
    let loaded: (module: RouteModule) => void = () => undefined;
    const slow = () => new Promise<RouteModule>((resolve) => (loaded = resolve));
    const history = renderAt('/a', [
      {
        element: <RootLayout />,
        children: [
          { path: 'a', element: <PageA /> },
          { path: 'slow', element: <LazyRoute load={slow} /> },
        ],
      },
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Slow page' }));
    expect(history.location.pathname).toBe('/slow');
    expect(screen.getByRole('heading', { name: 'Page A' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => loaded({ Component: SlowPage }));
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeTruthy();
  });
});
