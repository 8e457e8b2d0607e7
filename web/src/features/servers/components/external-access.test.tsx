import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHttp, fakeHttp, json } from '../../../testing/fake-http';
import type { ServerView } from '../api/servers';
import { ExternalAccess } from './external-access';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const SERVER: ServerView = {
  id: 's1',
  name: 'Everything',
  packageName: '@modelcontextprotocol/server-everything',
  idleTimeoutMinutes: 10,
  environmentVariables: {},
  status: 'enabled',
  endpoint: '/mcp-external/s1',
};
const NONE_ACTIVE = 'No token is active: external clients are refused.';

let http: FakeHttp;
beforeEach(() => {
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
  http.answer('DELETE', /^\/mcp-servers\/s1\/external-token$/, () => new Response(null, { status: 204 }));
  http.answer('POST', /^\/mcp-servers\/s1\/external-token$/, () =>
    json({ token: 'team#t1.rotated-token', endpoint: '/mcp-external/s1' }, 201),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const access = () => screen.getByRole('region', { name: 'External access' });

describe('External access', () => {
  it('says when no token is active, and offers no Revoke then', () => {
    render(<ExternalAccess server={{ ...SERVER, externalTokenActive: false }} />);
    expect(within(access()).getByRole('status').textContent).toBe(NONE_ACTIVE);
    expect(within(access()).getByRole('button', { name: 'Generate token' })).toBeTruthy();
    expect(within(access()).queryByRole('button', { name: 'Revoke token' })).toBeNull();
  });

  it("revokes the active token by keyboard, after a confirmation that Escape cancels; 'Rotate' sits next to it", async () => {
    const user = userEvent.setup();
    render(<ExternalAccess server={{ ...SERVER, externalTokenActive: true }} />);
    expect(within(access()).getByRole('status').textContent).toMatch(/^A token is active/);
    expect(within(access()).getByRole('button', { name: 'Rotate token' })).toBeTruthy();
    const revoke = within(access()).getByRole('button', { name: 'Revoke token' });

    // Keyboard: focus the button, Enter asks first; Escape cancels (nothing sent) and focus returns.
    revoke.focus();
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke the external token?' });
    expect(within(confirm).getByText(/refused at once/)).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(http.seen('DELETE', /external-token$/)).toHaveLength(0);
    expect(document.activeElement).toBe(revoke);

    // Confirmed: DELETE, and the section says the token is gone.
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('alertdialog', { name: 'Revoke the external token?' });
    within(again).getByRole('button', { name: 'Revoke token' }).focus();
    await user.keyboard('{Enter}');
    expect(await within(access()).findByText(`Token revoked. ${NONE_ACTIVE}`)).toBeTruthy();
    expect(http.seen('DELETE', /^\/mcp-servers\/s1\/external-token$/)).toHaveLength(1);
    expect(within(access()).queryByRole('button', { name: 'Revoke token' })).toBeNull();
    expect(within(access()).getByRole('button', { name: 'Generate token' })).toBeTruthy();
  });

  it('shows the error and keeps the token active when the revocation fails', async () => {
    http.answer('DELETE', /^\/mcp-servers\/s1\/external-token$/, () =>
      json({ code: 'FORBIDDEN', message: 'Only team Admins can do this.' }, 403),
    );
    render(<ExternalAccess server={{ ...SERVER, externalTokenActive: true }} />);
    await userEvent.click(within(access()).getByRole('button', { name: 'Revoke token' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke token' }),
    );
    expect((await within(access()).findByRole('alert')).textContent).toBe('Only team Admins can do this.');
    expect(within(access()).getByRole('status').textContent).toMatch(/^A token is active/);
    expect(within(access()).getByRole('button', { name: 'Revoke token' })).toBeTruthy();
  });

  it('rotates: a new token shown once, and Revoke appears with it', async () => {
    render(<ExternalAccess server={{ ...SERVER, externalTokenActive: false }} />);
    await userEvent.click(within(access()).getByRole('button', { name: 'Generate token' }));
    expect(await within(access()).findByText('team#t1.rotated-token')).toBeTruthy();
    expect(within(access()).getByRole('button', { name: 'Rotate token' })).toBeTruthy();
    expect(within(access()).getByRole('button', { name: 'Revoke token' })).toBeTruthy();
  });
});
