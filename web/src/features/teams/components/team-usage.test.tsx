import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeHttp, json } from '../../../testing/fake-http';
import { renderAsMember } from '../../../testing/teams-fixture';
import { TeamUsage } from './team-usage';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const http = installFakeHttp();

describe('TeamUsage', () => {
  it('tabulates each member’s usage (whole minutes) under the month, and the team servers’ minutes', async () => {
    http.answer('GET', /^\/teams\/t1\/usage$/, {
      date: '2026-11-23',
      month: '2026-11',
      members: [
        {
          userId: 'u-ada',
          email: 'ada@example.com',
          role: 'user',
          tokensToday: 1200,
          keyTokensToday: 30,
          computeMinutesThisMonth: 12.9,
        },
      ],
      teamServers: { computeMinutesThisMonth: 61.5 },
      overage: { tokens: 0, usd: 0, capUsd: 10 },
    });
    renderAsMember(<TeamUsage teamId="t1" />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Member', 'Tokens today', 'On provider keys', 'Server minutes (2026-11)']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['ada@example.com', (1200).toLocaleString(), '30', '12']);
    expect(screen.getByText(/Team servers: 61/)).toBeTruthy();
  });

  it('says why the usage could not be read', async () => {
    http.answer('GET', /^\/teams\/t1\/usage$/, json({ message: 'Only Admins can do that' }, 403));
    renderAsMember(<TeamUsage teamId="t1" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Only Admins can do that');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
