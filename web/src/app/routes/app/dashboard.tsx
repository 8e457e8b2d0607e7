import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DashboardScreen } from '../../../features/dashboard/components/dashboard-screen';
import { profileQuery } from '../../../features/profile/api/queries';
import { ProfileSetupOverlay } from '../../../features/profile/components/profile-setup-overlay';
import {
  markProfileSetupSeen,
  wasProfileSetupSeen,
} from '../../../features/profile/utils/profile-setup-seen';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Dashboard' };

/**
 * /dashboard (signed-in; the target after profile setup): plan and usage, servers, recent work.
 * A user without a profile is offered the profile setup overlay over it (spec 2: a modal with no
 * route of its own) once: closed or saved, it does not come back (the profile stays editable on
 * /profile).
 */
export function Component() {
  const profile = useQuery(profileQuery());
  const [closed, setClosed] = useState(false);
  const data = profile.data;
  const offered = data && !data.profile && !closed && !wasProfileSetupSeen(data.userId);
  return (
    <>
      <DashboardScreen />
      {offered ? (
        <ProfileSetupOverlay
          suggested={data.suggested}
          onClose={() => {
            markProfileSetupSeen(data.userId);
            setClosed(true);
          }}
        />
      ) : null}
    </>
  );
}
