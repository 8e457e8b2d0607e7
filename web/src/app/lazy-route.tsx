import { type ComponentType, isValidElement, lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from './route-handle';

/** What a route module exports: its screen, and its page's name for the document title. */
export type RouteModule = { Component: ComponentType; handle?: RouteHandle };

type LoadRoute = () => Promise<RouteModule>;
type Entry = {
  promise: Promise<RouteModule>;
  module?: RouteModule;
  /** What the route renders: the module's `Component`, or a React `lazy` of it when it was not loaded yet. */
  Screen?: ComponentType;
};

/** Each route's code, loaded once (a failed load is tried again next time). */
const entries = new WeakMap<LoadRoute, Entry>();

function entryOf(load: LoadRoute): Entry {
  const known = entries.get(load);
  if (known) return known;
  const entry: Entry = {
    promise: load().then(
      (module) => {
        entry.module = module;
        return module;
      },
      (error: unknown) => {
        entries.delete(load);
        throw error;
      },
    ),
  };
  entries.set(load, entry);
  return entry;
}

/**
 * A route's element whose code loads on first render: the module's `Component` renders at once when
 * the module is already loaded (preloaded, or loaded before the first render), else the element
 * suspends until it is (the root layout's Suspense shows the spinner, or a navigation in a
 * transition keeps the page until then). A failed load throws to the route error boundary, and is
 * tried again the next time the route renders.
 */
export function LazyRoute({ load }: { load: LoadRoute }) {
  const entry = entryOf(load);
  // Chosen once per route, so the page is never remounted by a change of element type.
  entry.Screen ??=
    entry.module?.Component ?? lazy(() => entry.promise.then((module) => ({ default: module.Component })));
  return <entry.Screen />;
}

/** The loader of a route whose element is a {@link LazyRoute}. */
function loaderOf(route: RouteObject): LoadRoute | undefined {
  const { element } = route;
  if (!isValidElement<{ load: LoadRoute }>(element) || element.type !== LazyRoute) return undefined;
  return element.props.load;
}

/** Loads a lazy route's code (a route without code resolves at once), once. */
export function loadRoute(route: RouteObject): Promise<unknown> {
  const load = loaderOf(route);
  return load ? entryOf(load).promise : Promise.resolve();
}

/** A route's handle: its own, else its module's once loaded. */
export function routeHandle(route: RouteObject): Partial<RouteHandle> | undefined {
  const load = loaderOf(route);
  return load ? entries.get(load)?.module?.handle : route.handle;
}
