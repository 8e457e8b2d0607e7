import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Component as LoginPage } from './app/routes/auth/login';
import { guestAuthState } from './features/auth/hooks/auth-reducer';
import { AuthContext } from './features/auth/hooks/use-auth';

/**
 * The sign-in form's HTML for `login.html` (the build's prerender step,
 * web/prerendered-pages-plugin.ts): the page a guest's first render of /login shows.
 */
export function renderLogin(): string {
  const guest = { ...guestAuthState, dispatch: () => undefined, checkAuth: async () => undefined };
  return renderToString(
    <AuthContext value={guest}>
      <StaticRouter location="/login">
        <LoginPage />
      </StaticRouter>
    </AuthContext>,
  );
}
