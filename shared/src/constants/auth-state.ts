import type { AuthState } from '../schemas/auth';

/** Apart from the schemas, so the web app's entry holds the auth state without the schema library. */
export const INITIAL_AUTH_STATE: AuthState = {
  isAuthenticated: false,
  isLoading: true,
  authChecked: false,
  user: null,
  userProfile: null,
  session: null,
  error: null,
};
