import { startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfigWith } from '../config/runtime-config-ready';
import { App } from './app';
import { loadMatchedRoutes } from './routes';
import { initTheme } from './theme';
import '../index.css';

/**
 * Renders the app into `container` (the entry of index.html and login.html, and the landing
 * page's handover to the app for a browser that may hold a session).
 */
export function startApp(container: HTMLElement): void {
  initTheme();
  // The runtime configuration (with the schema library that checks it) is loaded on first need: the
  // public pages render at once, a signed-in page or the identity library waits for it.
  loadRuntimeConfigWith(() =>
    import('../config/runtime-config').then((module) => module.loadRuntimeConfig()),
  );
  const root = createRoot(container);
  const picture = container.querySelector(':scope > [data-prerendered]');
  if (!picture) {
    root.render(<App />);
    return;
  }
  const page = document.documentElement;
  if (page.dataset.session === 'maybe') {
    // The session gate hid the page: the app checks the session with nothing shown (spec 2).
    container.replaceChildren();
    page.style.removeProperty('visibility');
    root.render(<App />);
    return;
  }
  // A guest on a prerendered page (login.html: an inert picture of the form): the route's code is
  // loaded first, so the one commit that takes the picture away puts the live page in its place.
  // The render is a transition: React yields to the browser between components, so it is no
  // single long task on a slow phone (Lighthouse's blocking time), and the picture stays until
  // that commit. `flushSync` changes nothing here (the update inside is a transition, which it
  // does not flush); it keeps this module importing react-dom: without that import the build
  // splits React DOM into a chunk of its own, one request and 0.6 KB more on every page.
  void loadMatchedRoutes(window.location)
    .catch(() => undefined)
    .then(() => flushSync(() => startTransition(() => root.render(<App />))));
}
