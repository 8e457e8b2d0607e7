import { ProfileScreen } from '../../../features/profile/components/profile-screen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Profile' };

/** /profile (signed-in): the profile, linked accounts, API keys and account deletion. */
export function Component() {
  return <ProfileScreen />;
}
