import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/spinner';
import { useAuth } from '../hooks/use-auth';
import { useRedirectTarget } from '../hooks/use-redirect-target';

/**
 * Wraps /login and /signup: an authenticated visitor is sent on (to the remembered `from`
 * location, else /home). Only the first session check shows a spinner, so a re-check during a
 * sign-in does not unmount the form.
 */
export function GuestRoute({ children }: { children?: ReactNode }) {
  const { authChecked, isAuthenticated } = useAuth();
  const target = useRedirectTarget();

  if (!authChecked) return <FullPageSpinner />;
  if (isAuthenticated) return <Navigate to={target} replace />;
  return children ?? <Outlet />;
}
