import {
  createContext,
  type ReactNode,
  type RefObject,
  startTransition,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import {
  type HistoryRouterProps,
  type Location,
  type Navigator,
  Router,
  useLocation,
} from 'react-router-dom';

/** React Router's own history (what its `BrowserRouter` and `MemoryRouter` keep inside). */
export type RouterHistory = HistoryRouterProps['history'];

type Update = { action: RouterHistory['action']; location: Location };

/** The location the last navigation went to (rendered, or waiting in a transition). */
const TargetContext = createContext<RefObject<Location> | null>(null);

/**
 * React Router in declarative mode over `history`, as its `BrowserRouter` is, but a navigation
 * asked with `flushSync` renders at once (as the data router did): the others render in a
 * transition, so the page stays until the next page's code is loaded. A signed-in guard relies on
 * the former: after sign-out the site root renders before the state becomes unauthenticated.
 */
export function HistoryRouter({ history, children }: { history: RouterHistory; children: ReactNode }) {
  const [state, setState] = useState<Update>({ action: history.action, location: history.location });
  const target = useRef(state.location);
  const navigator = useMemo<{ navigator: Navigator; flush: { next: boolean } }>(() => {
    const flush = { next: false };
    // The history calls its listener within push and replace: the flag says how to render that update.
    const flagged =
      (go: RouterHistory['push']): Navigator['push'] =>
      (to, state, options) => {
        flush.next = options?.flushSync === true;
        try {
          go(to, state);
        } finally {
          flush.next = false;
        }
      };
    const { createHref, createURL, encodeLocation, go } = history;
    return {
      flush,
      navigator: {
        createHref,
        createURL,
        encodeLocation,
        go,
        push: flagged(history.push),
        replace: flagged(history.replace),
      },
    };
  }, [history]);

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        target.current = location;
        const update = () => setState({ action, location });
        if (navigator.flush.next) flushSync(update);
        else startTransition(update);
      }),
    [history, navigator],
  );

  return (
    <TargetContext value={target}>
      <Router location={state.location} navigationType={state.action} navigator={navigator.navigator}>
        {children}
      </Router>
    </TargetContext>
  );
}

/**
 * Whether a navigation is under way as this component renders: it went to another entry than the
 * one rendered (its render waits in a transition, for instance for the next page's code). Read,
 * not watched: a guard that an auth change re-renders meanwhile does not send the visitor
 * elsewhere, so it does not cut that navigation short (the data router's `useNavigation().state`).
 */
export function useNavigationPending(): boolean {
  const target = useContext(TargetContext);
  const { key } = useLocation();
  return target !== null && target.current.key !== key;
}
