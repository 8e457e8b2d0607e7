import { gateOf } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/spinner';
import { currentUserQuery } from '../../chat/api/queries';

/**
 * Guard of the product's pages (spec 4 "Onboarding"): a user who is neither whitelisted nor
 * onboarded, or is waitlisted, goes to /onboarding (Welcome Aboard, or their waitlist status)
 * from any of them, not only /home. Until the user check answers the visitor sees the same loading
 * state as before it (the route's, the session's), not the page: a page shown meanwhile flashed
 * an empty chat before the move to onboarding after sign-up. A failed check lets the page handle
 * it (/home signs out). The account's own pages (profile, joining a team by invitation, pricing)
 * stay outside.
 */
export function AdmittedRoute() {
  const { data: userCheck, isPending, errorUpdateCount } = useQuery(currentUserQuery());
  if (userCheck && gateOf(userCheck) !== 'home') return <Navigate to="/onboarding" replace />;
  // Only until the first answer: after a failure the page's own observer refetches, which puts a
  // query without data back to pending, and a spinner here would unmount it, in a loop.
  if (isPending && errorUpdateCount === 0) return <FullPageSpinner />;
  return <Outlet />;
}
