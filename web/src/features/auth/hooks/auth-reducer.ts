import { INITIAL_AUTH_STATE } from '@agentforge/shared';
import type { AuthSession } from 'aws-amplify/auth';

/** The signed-in user as the identity service reports it (spec: current user info). */
export type AuthUser = { username: string; userId: string };

/** The user's profile; its fields are defined by the profile issue (the spec does not show them). */
export type UserProfile = Record<string, unknown>;

/** Spec 3/4 "Auth state". */
export type AuthState = {
  isAuthenticated: boolean;
  isLoading: boolean;
  /** The first session check has finished. */
  authChecked: boolean;
  user: AuthUser | null;
  userProfile: UserProfile | null;
  /** Set to none in the sign-in flow (spec 3); kept for callers that have a session at hand. */
  session: AuthSession | null;
  error: string | null;
};

export type AuthAction =
  | { type: 'SET_LOADING'; isLoading: boolean }
  | { type: 'SET_AUTHENTICATED'; user: AuthUser; session: AuthSession | null }
  | { type: 'SET_UNAUTHENTICATED' }
  | { type: 'SET_PROFILE'; userProfile: UserProfile | null }
  | { type: 'SET_ERROR'; error: string };

/** Before the first check: loading, nobody signed in (the shared contract's initial state). */
export const initialAuthState: AuthState = { ...INITIAL_AUTH_STATE, userProfile: null, session: null };

/** Checked: a guest (what a sign-out, or a check that finds nobody, leaves). */
export const guestAuthState: AuthState = { ...initialAuthState, isLoading: false, authChecked: true };

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'SET_LOADING':
      return { ...state, isLoading: action.isLoading };
    case 'SET_AUTHENTICATED':
      // A successful check also clears an earlier error (for example a failed redirect sign-in).
      return {
        ...state,
        isAuthenticated: true,
        isLoading: false,
        authChecked: true,
        user: action.user,
        session: action.session,
        error: null,
      };
    case 'SET_UNAUTHENTICATED':
      return guestAuthState;
    case 'SET_PROFILE':
      return { ...state, userProfile: action.userProfile, isLoading: false, error: null };
    case 'SET_ERROR':
      return { ...state, isLoading: false, error: action.error };
  }
}
