import { fireEvent, render, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { LazyRoute } from './lazy-route';
import { preloadRoute, usePreloadOnIntent } from './preload-route';

function Blank() {
  return null;
}

const loaded = async () => ({ Component: Blank });

/** A route table whose lazy modules record their loads. */
function table() {
  const layout = vi.fn(loaded);
  const page = vi.fn(loaded);
  const other = vi.fn(loaded);
  const routes: RouteObject[] = [
    {
      element: <LazyRoute load={layout} />,
      children: [{ path: 'home', element: <LazyRoute load={page} /> }],
    },
    { path: 'pricing', element: <LazyRoute load={other} /> },
  ];
  return { routes, layout, page, other };
}

function Links({ routes }: { routes: RouteObject[] }) {
  usePreloadOnIntent(routes);
  return (
    <>
      <a href="/home">Home</a>
      <a href="https://elsewhere.example/pricing">Elsewhere</a>
    </>
  );
}

describe('preloading a page', () => {
  it("loads the page's modules and its layouts' once, not the other pages'", () => {
    const { routes, layout, page, other } = table();
    preloadRoute('/home', routes);
    preloadRoute('/home', routes);
    expect(layout).toHaveBeenCalledTimes(1);
    expect(page).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('starts when the visitor points at or focuses a link to it, not for another site', () => {
    const { routes, page, other } = table();
    render(<Links routes={routes} />);
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(other).not.toHaveBeenCalled();
    expect(page).not.toHaveBeenCalled();
    fireEvent.focusIn(screen.getByRole('link', { name: 'Home' }));
    expect(page).toHaveBeenCalledTimes(1);
  });
});
