import { createContext, type Dispatch, useContext } from 'react';
import type { AuthAction, AuthState } from './auth-reducer';

export type AuthContextValue = AuthState & {
  dispatch: Dispatch<AuthAction>;
  /** Re-checks the current user with the identity service and updates the state. */
  checkAuth: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
