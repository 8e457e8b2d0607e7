import { TOAST_MESSAGES } from '@agentforge/shared';
import { useCallback } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { SignUpOutcome } from '../../../features/auth/api/identity';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { ConfirmSignUpForm } from '../../../features/auth/components/confirm-sign-up-form';
import { CreateAccountForm } from '../../../features/auth/components/create-account-form';
import { AUTH_LINK } from '../../../features/auth/components/styles';
import {
  type SignUpLocationState,
  usernameFromState,
} from '../../../features/auth/hooks/auth-location-state';
import { useFinishSignUp } from '../../../features/auth/hooks/use-finish-sign-up';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Sign Up' };

/**
 * /signup (guest): step 1 'Create Account'; step 2 'Almost Done...' once sign-up has succeeded or
 * when the route is opened with a username in navigation state (spec 2). The step lives in the
 * navigation state, so a reload stays on the confirmation step.
 */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const finishSignUp = useFinishSignUp();
  const username = usernameFromState(location.state);

  const signedUp = useCallback(
    async (email: string, outcome: SignUpOutcome) => {
      if (outcome.isSignUpComplete) {
        await finishSignUp(email, outcome.autoSignInPending);
        return;
      }
      const state: SignUpLocationState = { username: email };
      await navigate('/signup', { replace: true, state });
    },
    [finishSignUp, navigate],
  );

  if (username) {
    return (
      <AuthLayout
        title="Almost Done..."
        subtitle={
          <>
            {TOAST_MESSAGES.confirmationCodeResent} We sent it to{' '}
            <span className="font-semibold text-slate-900">{username}</span>.
          </>
        }
      >
        <ConfirmSignUpForm
          key={username}
          username={username}
          onConfirmed={(autoSignInPending) => finishSignUp(username, autoSignInPending)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create Account"
      subtitle="Start building AI agents with your own MCP servers"
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" className={AUTH_LINK}>
            Login
          </Link>
        </p>
      }
    >
      <CreateAccountForm onSignedUp={signedUp} />
    </AuthLayout>
  );
}
