import { useQuery } from '@tanstack/react-query';
import { DashboardScreen } from '../../../features/dashboard/components/dashboard-screen';
import { profileQuery } from '../../../features/profile/api/queries';
import { ProfileSetupOverlay } from '../../../features/profile/components/profile-setup-overlay';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Dashboard' };

/**
 * /dashboard (signed-in; the target after profile setup): plan and usage, servers, recent work.
 * A user without a profile gets the profile setup overlay over it (spec 2: a full-screen modal
 * with no route of its own), which stays until the profile is saved.
 */
export function Component() {
  const profile = useQuery(profileQuery());
  return (
    <>
      <DashboardScreen />
      {profile.data && !profile.data.profile ? <ProfileSetupOverlay /> : null}
    </>
  );
}
