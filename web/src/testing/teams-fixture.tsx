import type { TeamDetail, TeamSummary } from '@agentforge/shared';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AuthContext } from '../features/auth/hooks/use-auth';
import { queryWrapper } from './query';
import { GUEST } from './render-routes';

export const TEAM_AT = '2026-11-23T10:00:00.000Z';

export const teamSummary = (role: 'admin' | 'user', isOwner = role === 'admin'): TeamSummary => ({
  teamId: 't1',
  name: 'Platform',
  role,
  isOwner,
  memberCount: 2,
  createdAt: TEAM_AT,
});

export const teamDetail = (
  role: 'admin' | 'user',
  plan: Partial<TeamDetail['plan']> = {},
  isOwner = role === 'admin',
): TeamDetail => ({
  team: teamSummary(role, isOwner),
  plan: { tier: 'free', status: 'active', seats: 0, cancelAtPeriodEnd: false, ...plan },
  members: [
    { userId: 'u-owner', email: 'owner@example.com', role: 'admin', isOwner: true, joinedAt: TEAM_AT },
    { userId: 'u-ann', email: 'ann@example.com', role: 'admin', isOwner: false, joinedAt: TEAM_AT },
    { userId: 'u-ada', email: 'ada@example.com', role: 'user', isOwner: false, joinedAt: TEAM_AT },
  ],
});

/** Renders a piece of the Teams screen signed in as `userId` (the owner by default), in a router. */
export function renderAsMember(element: ReactNode, userId = 'u-owner') {
  const auth = {
    ...GUEST,
    isAuthenticated: true,
    user: { username: `${userId}@example.com`, userId },
    dispatch: () => undefined,
    checkAuth: async () => undefined,
  };
  return render(
    <AuthContext value={auth}>
      <MemoryRouter>{element}</MemoryRouter>
    </AuthContext>,
    { wrapper: queryWrapper() },
  );
}
