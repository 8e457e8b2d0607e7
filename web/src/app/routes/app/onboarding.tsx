import { ACCOUNT_MESSAGES, gateOf, type UserCheckResponse } from '@agentforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/spinner';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { useSignOut } from '../../../features/auth/hooks/use-sign-out';
import { chatKeys } from '../../../features/chat/api/queries';
import { useUserCheck } from '../../../features/chat/hooks/use-user-check';
import { OnboardingForm } from '../../../features/onboarding/components/onboarding-form';
import { WaitlistStatus } from '../../../features/onboarding/components/waitlist-status';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Welcome' };

/**
 * /onboarding (signed-in, spec 4 "Onboarding"): a user who is whitelisted or has completed
 * onboarding is sent to /home; otherwise the Welcome Aboard form. On a waitlist stage a user who
 * has onboarded but is not admitted yet sees their waitlist status here instead.
 */
export function Component() {
  const { signOut } = useSignOut();
  const userCheck = useUserCheck(() => void signOut());
  const queryClient = useQueryClient();

  if (!userCheck) return <FullPageSpinner />;
  const gate = gateOf(userCheck);
  if (gate === 'home') return <Navigate to="/home" replace />;
  if (gate === 'waitlist') {
    return (
      <AuthLayout title={ACCOUNT_MESSAGES.waitlistTitle}>
        <WaitlistStatus email={userCheck.email} onSignOut={() => void signOut()} />
      </AuthLayout>
    );
  }

  // The answer is the updated user check: /home, or the waitlist status right here.
  const done = (user: UserCheckResponse) => queryClient.setQueryData(chatKeys.currentUser(), user);
  return (
    <AuthLayout
      title="Welcome Aboard"
      subtitle="Tell us a little about you and what you want to build."
      footer={
        <button
          type="button"
          onClick={() => void signOut()}
          className="font-semibold text-indigo-700 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Logout
        </button>
      }
    >
      <OnboardingForm email={userCheck.email} onDone={done} />
    </AuthLayout>
  );
}
