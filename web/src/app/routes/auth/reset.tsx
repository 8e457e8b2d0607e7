import { Link } from 'react-router-dom';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { AUTH_LINK } from '../../../features/auth/components/styles';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Password Reset' };

/** /reset: password reset by an e-mailed code (spec 2 "Password reset"). */
export function Component() {
  return (
    <AuthLayout
      title="Password Reset"
      subtitle="Recover your account access"
      footer={
        <>
          <p>
            Don't have an account?{' '}
            <Link to="/signup" className={AUTH_LINK}>
              Sign up here
            </Link>
          </p>
          <p>
            Remember your password?{' '}
            <Link to="/login" className={AUTH_LINK}>
              Login
            </Link>
          </p>
        </>
      }
    >
      <ResetPasswordForm />
    </AuthLayout>
  );
}
