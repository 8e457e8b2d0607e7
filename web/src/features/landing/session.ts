import { getCurrentUser } from 'aws-amplify/auth';

/**
 * Whether a visitor is signed in: the identity library resolves the current user, and rejects
 * (UserUnAuthenticatedException, or unusable stored tokens) for a guest. The landing page only
 * needs the yes/no, so the rejection's details do not matter here.
 */
export async function isSignedIn(): Promise<boolean> {
  try {
    await getCurrentUser();
    return true;
  } catch {
    return false;
  }
}
