import { Hub } from 'aws-amplify/utils';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';

/** The root route's element: app-wide chrome (toasts come later) and the navigation that follows auth events. */
export function RootLayout() {
  const navigate = useNavigate();

  // Spec 2 "Other screens": after a sign-out event the app navigates to the site root.
  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedOut') void navigate('/', { replace: true });
      }),
    [navigate],
  );

  return <Outlet />;
}
