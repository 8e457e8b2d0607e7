import { act, waitFor } from '@testing-library/react';
import { type ReactElement, type ReactNode, useLayoutEffect } from 'react';
import {
  type InitialEntry,
  type Location,
  type NavigationType,
  type To,
  UNSAFE_createMemoryHistory,
  useLocation,
  useNavigationType,
} from 'react-router-dom';
import { HistoryRouter } from '../app/history-router';

type RouterState = { location: Location; historyAction: NavigationType };

/** What a test reads of the router: the rendered location, its changes, and navigation. */
export type TestRouter = {
  readonly state: RouterState;
  /** Navigates and waits until the page rendered (its code loaded, any redirect followed). */
  navigate(to: To): Promise<void>;
  subscribe(listener: (state: RouterState) => void): () => void;
};

/** Reports each location the router renders (outside the pages' Suspense: once they rendered). */
function Rendered({ onRender }: { onRender: (state: RouterState) => void }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  useLayoutEffect(() => onRender({ location, historyAction }), [onRender, location, historyAction]);
  return null;
}

/**
 * The app's router (`HistoryRouter`) over a memory history at `entry`: `withRouter` wraps what a
 * test renders in it, and `router` follows what it renders.
 */
export function testRouter(entry: InitialEntry): {
  router: TestRouter;
  withRouter: (children: ReactNode) => ReactElement;
} {
  const history = UNSAFE_createMemoryHistory({ initialEntries: [entry], v5Compat: true });
  const listeners = new Set<(state: RouterState) => void>();
  let rendered: RouterState = { location: history.location, historyAction: history.action };
  const onRender = (state: RouterState) => {
    rendered = state;
    for (const listener of listeners) listener(state);
  };

  const router: TestRouter = {
    get state() {
      return rendered;
    },
    async navigate(to) {
      act(() => history.push(to));
      await waitFor(() => {
        if (rendered.location.key !== history.location.key) {
          throw new Error(`still navigating to ${history.location.pathname}`);
        }
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const withRouter = (children: ReactNode) => (
    <HistoryRouter history={history}>
      <Rendered onRender={onRender} />
      {children}
    </HistoryRouter>
  );
  return { router, withRouter };
}
