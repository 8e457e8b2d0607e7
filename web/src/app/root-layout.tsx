import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '../components/spinner';
import { ToastProvider } from '../components/toast/toast-provider';
import { ToastRegion } from '../components/toast/toast-region';
import { onAuthEvent } from '../features/auth/api/identity-loader';
import { usePreloadOnIntent } from './preload-route';
import { useDocumentTitle } from './route-handle';

/** Names the page in the document title once it renders (its modules loaded). */
function DocumentTitle() {
  useDocumentTitle();
  return null;
}

/**
 * The root route's element: app-wide chrome (the toasts), the navigation that follows auth events,
 * and the preloading of a linked page's code on intent. The spinner shows until the first page's
 * code is loaded; a later navigation keeps the page until the next one's is (a transition).
 */
export function RootLayout() {
  const navigate = useNavigate();
  usePreloadOnIntent();

  // Spec 2 "Other screens": after a sign-out event the app navigates to the site root. It renders at
  // once (flushSync), so a signed-in route's guard is gone, or sees the navigation under way, and
  // does not send the now signed-out visitor to /login instead.
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
      <Suspense fallback={<FullPageSpinner />}>
        <DocumentTitle />
        <Outlet />
      </Suspense>
      <ToastRegion />
    </ToastProvider>
  );
}
