import { gateOf } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router-dom';
import { currentUserQuery } from '../../chat/api/queries';

/**
 * Guard of the product's pages (spec 4 "Onboarding"): a user who is neither whitelisted nor
 * onboarded, or is waitlisted, goes to /onboarding (Welcome Aboard, or their waitlist status)
 * from any of them, not only /home. The page renders meanwhile (it loads its own data; the API
 * refuses a waitlisted user anyway): the user check only redirects once it answers. The account's
 * own pages (profile, joining a team by invitation, pricing) stay outside.
 */
export function AdmittedRoute() {
  const { data: userCheck } = useQuery(currentUserQuery());
  if (userCheck && gateOf(userCheck) !== 'home') return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}
