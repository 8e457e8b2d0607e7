import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { Hero } from './hero';
import { LandingHeader } from './landing-header';

const belowTheFold = () => import('./below-the-fold');
const BelowTheFold = lazy(() => belowTheFold().then((module) => ({ default: module.BelowTheFold })));
const LandingFooter = lazy(() => belowTheFold().then((module) => ({ default: module.LandingFooter })));

/**
 * What the landing page shows a guest (spec 2): the header and hero at once (prerendered into
 * `landing.html` at build time), the sections after the hero and the footer once it is on screen,
 * loaded then, so the prerendered HTML and the first client render (which hydrates it) match.
 */
export function LandingView() {
  const [shown, setShown] = useState(false);
  // A transition: rendered in slices, yielding to the visitor's input.
  useEffect(() => startTransition(() => setShown(true)), []);
  return (
    <div className="theme-light min-h-screen bg-slate-50 text-slate-900">
      <a
        href="#main-content"
        className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-semibold text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <LandingHeader />
      <main id="main-content">
        <Hero />
        {shown ? (
          <Suspense fallback={null}>
            <BelowTheFold />
          </Suspense>
        ) : null}
      </main>
      {shown ? (
        <Suspense fallback={null}>
          <LandingFooter />
        </Suspense>
      ) : null}
    </div>
  );
}
