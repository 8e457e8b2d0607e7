import { AUTH_MESSAGES } from '@agentforge/shared';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { GoogleSignInButton } from '../../../features/auth/components/google-sign-in-button';
import { LoginForm } from '../../../features/auth/components/login-form';
import { SsoSignIn } from '../../../features/auth/components/sso-sign-in';
import { AUTH_LINK } from '../../../features/auth/components/styles';
import { preloadRoute } from '../../preload-route';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Login' };

/** /login (guest): the Welcome Back screen (spec 2). */
export function Component() {
  // A visitor who starts on the form is on the way to /home: its code loads while they type.
  useEffect(() => {
    const preloadHome = () => preloadRoute('/home');
    document.addEventListener('focusin', preloadHome, { once: true });
    return () => document.removeEventListener('focusin', preloadHome);
  }, []);

  return (
    <AuthLayout
      title="Welcome Back"
      subtitle="Continue your development journey"
      footer={
        <p>
          Don't have an account?{' '}
          <Link to="/signup" className={AUTH_LINK}>
            Sign up here
          </Link>
        </p>
      }
    >
      <p className="mb-6 rounded-lg bg-indigo-50 px-4 py-3 text-center text-sm text-indigo-800 ring-1 ring-indigo-100">
        {AUTH_MESSAGES.waitlistNote}
      </p>
      <LoginForm />
      <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <GoogleSignInButton />
      <SsoSignIn />
    </AuthLayout>
  );
}
