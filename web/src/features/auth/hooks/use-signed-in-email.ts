import { useEffect, useState } from 'react';
import { getSignedInEmail } from '../api/identity';
import { useAuth } from './use-auth';

/** The signed-in user's e-mail (from the ID token); the username until it is known. */
export function useSignedInEmail(): string | null {
  const { user } = useAuth();
  const [email, setEmail] = useState<string | null>(null);

  useEffect(() => {
    if (!user) return;
    let active = true;
    void getSignedInEmail().then((found) => {
      if (active) setEmail(found);
    });
    return () => {
      active = false;
    };
  }, [user]);

  return email ?? user?.username ?? null;
}
