import { createRoot } from 'react-dom/client';
import { loadRuntimeConfigWith } from '../config/runtime-config-ready';
import { App } from './app';
import { initTheme } from './theme';
import '../index.css';

/**
 * Renders the app into `container` (the entry of index.html, and the landing page's handover to
 * the app for a browser that may hold a session).
 */
export function startApp(container: HTMLElement): void {
  initTheme();
  // The runtime configuration (with the schema library that checks it) is loaded on first need: the
  // public pages render at once, a signed-in page or the identity library waits for it.
  loadRuntimeConfigWith(() =>
    import('../config/runtime-config').then((module) => module.loadRuntimeConfig()),
  );
  createRoot(container).render(<App />);
}
