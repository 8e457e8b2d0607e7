import { renderToString } from 'react-dom/server';
import { LandingView } from './features/landing/components/landing-view';

/** The landing page's HTML for `landing.html` (the build's prerender step, web/landing-page-plugin.ts). */
export function renderLanding(): string {
  return renderToString(<LandingView />);
}
