import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { takeRedirectTarget } from '../../auth/api/redirect-sign-in';
import { type LandingNavigation, LandingNavigationContext } from '../landing-navigation';
import { isSignedIn } from '../session';
import { LandingView } from './landing-view';

const RouterLink: LandingNavigation['Link'] = (props) => <Link {...props} />;

/**
 * The landing page inside the app (a client-side visit to / or /landing, spec 2; a first load of
 * them gets the prerendered `landing.html`). It first checks the session and shows nothing
 * meanwhile; a signed-in visitor is sent to /home, replacing this entry in the history.
 */
export function LandingPage() {
  const navigate = useNavigate();
  const [isGuest, setIsGuest] = useState(false);
  const navigation = useMemo<LandingNavigation>(
    () => ({ Link: RouterLink, navigate: (to) => void navigate(to) }),
    [navigate],
  );

  useEffect(() => {
    let active = true;
    void isSignedIn().then((signedIn) => {
      if (!active) return;
      // Back from the hosted sign-in: the page the visitor wanted, or /login with the failure's toast.
      const target = takeRedirectTarget(signedIn) ?? (signedIn ? '/home' : undefined);
      if (target) void navigate(target, { replace: true });
      else setIsGuest(true);
    });
    return () => {
      active = false;
    };
  }, [navigate]);

  if (!isGuest) return null;

  return (
    <LandingNavigationContext value={navigation}>
      <LandingView />
    </LandingNavigationContext>
  );
}
