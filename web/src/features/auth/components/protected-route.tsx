import { ROUTER_MESSAGES } from '@agentforge/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useNavigationPending } from '../../../app/history-router';
import { FullPageError } from '../../../components/full-page-error';
import { FullPageSpinner } from '../../../components/spinner';
import { useAuth } from '../hooks/use-auth';
import type { FromState } from '../hooks/use-redirect-target';

/**
 * Guard of the signed-in routes (spec 2): a spinner while the auth state loads, the error when it
 * holds one, a redirect to /login remembering the current location as `from` for guests, else the
 * page (`children`, or the child routes when used as a layout route). While the router is already
 * navigating away (for example to the site root after a sign-out) a guest sees the spinner instead.
 */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { isLoading, error, isAuthenticated } = useAuth();
  const location = useLocation();
  const navigating = useNavigationPending();

  if (isLoading) return <FullPageSpinner />;
  if (error)
    return <FullPageError title="Something went wrong" message={ROUTER_MESSAGES.guardError(error)} />;
  if (!isAuthenticated) {
    // Signing out navigates to the site root: do not cut that navigation short with a redirect to /login.
    if (navigating) return <FullPageSpinner />;
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return children ?? <Outlet />;
}
