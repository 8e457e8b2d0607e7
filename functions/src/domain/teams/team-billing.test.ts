import { TEAM_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { teamServiceSetup as setup } from '../../testing/team-service-setup.js';

describe('team billing', () => {
  it("shows Admins each member's usage and the team servers' compute", async () => {
    const { service, caller, codeOf } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'u@example.com', role: 'user' });
    await service.accept(caller('u'), { code: codeOf('u@example.com') });
    await expect(service.usage(caller('u'), team.teamId)).rejects.toThrow(TEAM_MESSAGES.adminRequired);
    expect(await service.usage(caller('owner'), team.teamId)).toEqual({
      date: '2026-11-23',
      month: '2026-11',
      members: [
        {
          userId: 'u',
          email: 'u@example.com',
          role: 'user',
          tokensToday: 120,
          keyTokensToday: 7,
          computeMinutesThisMonth: 5,
        },
        {
          userId: 'owner',
          email: 'owner@example.com',
          role: 'admin',
          tokensToday: 0,
          keyTokensToday: 0,
          computeMinutesThisMonth: 5,
        },
      ],
      teamServers: { computeMinutesThisMonth: 30 },
      overage: { tokens: 250_000, usd: 2.5, capUsd: 10 },
    });
  });

  it('lets Admins set the team’s overage cap (announced), not Users; outsiders do not find the team', async () => {
    const { service, caller, codeOf, events } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'u@example.com', role: 'user' });
    await service.accept(caller('u'), { code: codeOf('u@example.com') });
    await expect(service.setOverageCap(caller('u'), team.teamId, 50)).rejects.toThrow(
      TEAM_MESSAGES.adminRequired,
    );
    await expect(service.setOverageCap(caller('x'), team.teamId, 50)).rejects.toThrow(TEAM_MESSAGES.notFound);
    expect(await service.setOverageCap(caller('owner'), team.teamId, 50)).toEqual({ capUsd: 50 });
    expect((await service.usage(caller('owner'), team.teamId)).overage.capUsd).toBe(50);
    expect(events.at(-1)).toMatchObject({
      type: 'team.overage_cap_changed',
      teamId: team.teamId,
      capUsd: 50,
    });
  });

  it('checks out one seat per member, for Admins only', async () => {
    const { service, caller, codeOf } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'u@example.com', role: 'user' });
    await service.accept(caller('u'), { code: codeOf('u@example.com') });
    const urls = { successUrl: 'https://app.example/ok', cancelUrl: 'https://app.example/no' };
    await expect(service.checkout(caller('u'), team.teamId, urls)).rejects.toThrow(
      TEAM_MESSAGES.adminRequired,
    );
    expect(await service.checkout(caller('owner'), team.teamId, urls)).toEqual({
      url: 'https://checkout.example/1',
    });
  });
});
