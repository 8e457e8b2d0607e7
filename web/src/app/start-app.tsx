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
  const picture = container.querySelector(':scope > [data-prerendered]');
  if (!picture) {
    createRoot(container).render(<App />);
    return;
  }
  const page = document.documentElement;
  if (page.dataset.session === 'maybe') {
    // The session gate hid the page: the app checks the session with nothing shown (spec 2).
    container.replaceChildren();
    page.style.removeProperty('visibility');
    createRoot(container).render(<App />);
    return;
  }
  // A guest on a prerendered page (login.html: an inert picture of the form): the route's code is
  // loaded first, so the one commit that takes the picture away puts the live page in its place.
  // Nothing here is in a hurry (the picture is on screen), so the work starts in a task after the
  // one that evaluated the app's modules: matching the route table the first time and creating the
  // root (its event listeners) made that task half as long again on a slow phone (Lighthouse's
  // blocking time, median of 8 runs: 162 -> 83 ms). The render is a transition: React yields to
  // the browser between components, and the picture stays until that commit. `flushSync` changes nothing here (the update inside is a transition, which it
  // does not flush); it keeps this module importing react-dom: without that import the build
  // splits React DOM into a chunk of its own, one request and 0.6 KB more on every page.
  setTimeout(() => {
    const root = createRoot(container);
    void loadMatchedRoutes(window.location)
      .catch(() => undefined)
      .then(() => flushSync(() => startTransition(() => root.render(<App />))));
  });
}
