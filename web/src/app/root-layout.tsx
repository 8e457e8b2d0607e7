import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { ToastProvider } from '../components/toast/toast-provider';
import { ToastRegion } from '../components/toast/toast-region';
import { onAuthEvent } from '../features/auth/api/identity-loader';
import { usePreloadOnIntent } from './preload-route';
import { useDocumentTitle } from './route-handle';

/**
 * The root route's element: app-wide chrome (the toasts), the navigation that follows auth events,
 * and the preloading of a linked page's code on intent.
 */
export function RootLayout() {
  const navigate = useNavigate();
  useDocumentTitle();
  usePreloadOnIntent();

  // Spec 2 "Other screens": after a sign-out event the app navigates to the site root. The router's
  // state is flushed at once, so a signed-in route's guard sees the navigation under way (and does
  // not send the now signed-out visitor to /login instead).
  useEffect(
    () =>
      onAuthEvent(({ payload }) => {
        if (payload.event === 'signedOut') void navigate('/', { replace: true, flushSync: true });
        // Back from the hosted sign-in page: the site root goes on from there (landing-page.tsx;
        // identity-loader.ts records the events) if it is still loading; a failure that comes
        // after it settled goes to /login from here.
        if (payload.event === 'signInWithRedirect_failure') void navigate('/login', { replace: true });
      }),
    [navigate],
  );

  return (
    <ToastProvider>
      <Outlet />
      <ToastRegion />
    </ToastProvider>
  );
}
