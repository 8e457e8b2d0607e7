import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isSignedIn } from '../session';
import { CallToAction } from './call-to-action';
import { Capabilities } from './capabilities';
import { DemoVideos } from './demo-videos';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { ModelGrid } from './model-grid';
import { TeamDashboard } from './team-dashboard';

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
        <DemoVideos />
        <ModelGrid />
        <HowItWorks />
        <TeamDashboard />
        <Capabilities />
        <CallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}
