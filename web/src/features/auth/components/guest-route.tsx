import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useNavigationPending } from '../../../app/history-router';
import { FullPageSpinner } from '../../../components/spinner';
import { useAuth } from '../hooks/use-auth';
import { useRedirectTarget } from '../hooks/use-redirect-target';

/**
 * Wraps /login and /signup: an authenticated visitor is sent on (to the remembered `from`
 * location, else /home). Only the first session check shows a spinner, so a re-check during a
 * sign-in does not unmount the form, and a navigation already under way is not overridden.
 */
export function GuestRoute({ children }: { children?: ReactNode }) {
  const { authChecked, isAuthenticated } = useAuth();
  const target = useRedirectTarget();
  const navigating = useNavigationPending();

  if (!authChecked) return <FullPageSpinner />;
  // A screen that has just signed the visitor in navigates on itself (after sign-up: to /).
  if (isAuthenticated && !navigating) return <Navigate to={target} replace />;
  return children ?? <Outlet />;
}
