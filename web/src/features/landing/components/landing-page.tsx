import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isSignedIn } from '../session';
import { Hero } from './hero';
import { LandingHeader } from './landing-header';

const belowTheFold = () => import('./below-the-fold');
const BelowTheFold = lazy(() => belowTheFold().then((module) => ({ default: module.BelowTheFold })));
const LandingFooter = lazy(() => belowTheFold().then((module) => ({ default: module.LandingFooter })));

/**
 * The public landing page (/ and /landing, spec 2). It first checks the session and shows nothing
 * meanwhile; a signed-in visitor is sent to /home, replacing this entry in the history.
 */
export function LandingPage() {
  const navigate = useNavigate();
  const [isGuest, setIsGuest] = useState(false);

  useEffect(() => {
    let active = true;
    void isSignedIn().then((signedIn) => {
      if (!active) return;
      if (signedIn) void navigate('/home', { replace: true });
      else setIsGuest(true);
    });
    return () => {
      active = false;
    };
  }, [navigate]);

  if (!isGuest) return null;

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
        <Suspense fallback={null}>
          <BelowTheFold />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <LandingFooter />
      </Suspense>
    </div>
  );
}
