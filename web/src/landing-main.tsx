import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initTheme } from './app/theme';
import { loadRuntimeConfigWith } from './config/runtime-config-ready';
import { LandingView } from './features/landing/components/landing-view';
import './landing.css';

/**
 * The entry of `landing.html`, the landing page prerendered at build time (what / and /landing
 * serve): it hydrates the page without the router or the app. A browser that may hold a session
 * (the head's session gate marked and hid the page) gets the app instead, which checks the session
 * and sends a signed-in visitor to /home (spec 2), else shows this page itself.
 */
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const page = document.documentElement;

if (page.dataset.session === 'maybe') {
  void import('./app/start-app').then(({ startApp }) => {
    container.replaceChildren();
    page.style.removeProperty('visibility');
    startApp(container);
  });
} else {
  // The page keeps its light design; the class follows the visitor's choice as on every page.
  initTheme();
  // The mock chat's Send asks whether the visitor is signed in: the configuration loads then, if needed.
  loadRuntimeConfigWith(() => import('./config/runtime-config').then((module) => module.loadRuntimeConfig()));
  // As a transition, hydration yields to the browser between components (no long task while the
  // visitor reads or types). The dev server serves the page unrendered.
  startTransition(() => {
    if (container.firstElementChild) hydrateRoot(container, <LandingView />);
    else createRoot(container).render(<LandingView />);
  });
}
