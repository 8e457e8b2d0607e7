import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useState } from 'react';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { createQueryClient } from './query-client';

/** The app-wide providers, composed once. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
