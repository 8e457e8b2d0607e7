import { type ReactNode, StrictMode } from 'react';
import { AuthProvider } from '../features/auth/components/auth-provider';

/** The app-wide providers, composed once. The query cache is the API pages' own (`query-layout.tsx`). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <AuthProvider>{children}</AuthProvider>
    </StrictMode>
  );
}
