import { ProfileSetupOverlay } from '../../../features/profile/components/profile-setup-overlay';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Setup profile' };

/**
 * /createuser (signed-in): the profile setup overlay (spec 2 gives the overlay no route of its
 * own; this one creates the user's profile), which goes to /dashboard once saved.
 */
export function Component() {
  return <ProfileSetupOverlay />;
}
