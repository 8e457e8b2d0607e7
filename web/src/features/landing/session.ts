import { amplifySession, mayBeSignedIn } from '../auth/api/identity-loader';

/**
 * Whether a visitor is signed in: the identity library resolves the current user, and rejects
 * (UserUnAuthenticatedException, or unusable stored tokens) for a guest. The landing page only
 * needs the yes/no, so the rejection's details do not matter here. A browser holding no session
 * is a guest at once, without loading the identity library (the public page stays light).
 */
export async function isSignedIn(): Promise<boolean> {
  if (!mayBeSignedIn()) return false;
  try {
    // Good stored tokens say yes without loading the identity library.
    if (await (await import('../auth/api/stored-session')).storedSession()) return true;
    await (await amplifySession()).getCurrentUser();
    return true;
  } catch {
    return false;
  }
}
