import type { TeamSso as TeamSsoView } from '@agentforge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../testing/axe';
import { installFakeHttp, json } from '../../../testing/fake-http';
import { renderAsMember, teamSummary } from '../../../testing/teams-fixture';
import { TeamPanel } from './team-panel';
import { TeamSso } from './team-sso';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const http = installFakeHttp();
const RECORD = { name: '_agentforge-verification.acme.com', value: 'af-verify-123' };
const saved = (over: Partial<TeamSsoView> = {}): TeamSsoView => ({
  providerName: 'team-t1',
  provider: { type: 'oidc', issuer: 'https://idp.acme.com', clientId: 'web', clientSecretHint: '••••cret' },
  domains: [{ domain: 'acme.com', verified: false, record: RECORD }],
  requireSso: false,
  active: false,
  ...over,
});

describe('TeamSso', () => {
  it('configures OIDC, shows the TXT record to publish and the answer of Verify', async () => {
    let current: TeamSsoView | null = null;
    http.answer('GET', /^\/teams\/t1\/sso$/, () =>
      current ? json(current) : json({ message: 'none' }, 404),
    );
    http.answer('PUT', /^\/teams\/t1\/sso$/, () => {
      current = saved({ requireSso: true });
      return json(current);
    });
    let verifyCalls = 0;
    http.answer('POST', /^\/teams\/t1\/sso\/domains\/acme\.com\/verify$/, () => {
      verifyCalls += 1;
      if (verifyCalls === 1) return json({ message: 'The TXT record was not found' }, 400);
      current = saved({
        requireSso: true,
        active: true,
        domains: [{ domain: 'acme.com', verified: true, record: RECORD }],
      });
      return json(current);
    });
    const user = userEvent.setup();
    renderAsMember(<TeamSso teamId="t1" />);
    const form = await screen.findByRole('form', { name: 'Single sign-on provider' });
    await user.type(within(form).getByLabelText('Issuer URL'), 'https://idp.acme.com');
    await user.type(within(form).getByLabelText('Client ID'), 'web');
    await user.type(within(form).getByLabelText('Client secret'), 'top-secret');
    await user.type(within(form).getByLabelText('E-mail domains (comma separated)'), 'ACME.com');
    await user.click(within(form).getByRole('checkbox', { name: 'Require single sign-on for members' }));
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(http.seen('PUT', /^\/teams\/t1\/sso$/)).toHaveLength(1));
    expect(http.seen('PUT', /^\/teams\/t1\/sso$/)[0]?.body).toEqual({
      provider: { type: 'oidc', issuer: 'https://idp.acme.com', clientId: 'web', clientSecret: 'top-secret' },
      domains: ['acme.com'],
      requireSso: true,
    });
    const domains = await screen.findByRole('list', { name: 'E-mail domains' });
    expect(within(domains).getByText(RECORD.name)).toBeTruthy();
    expect(within(domains).getByText(RECORD.value)).toBeTruthy();
    expect(within(domains).getByRole('button', { name: 'Copy the TXT record value' })).toBeTruthy();
    expect(screen.getByText('••••cret')).toBeTruthy();
    expect(screen.queryByLabelText('Client secret')).toBeNull();

    await user.click(within(domains).getByRole('button', { name: 'Verify acme.com' }));
    expect((await within(domains).findByRole('status')).textContent).toBe('The TXT record was not found');
    await user.click(within(domains).getByRole('button', { name: 'Verify acme.com' }));
    await waitFor(() =>
      expect(within(domains).getByRole('status').textContent).toBe('acme.com is verified.'),
    );
    expect(await within(domains).findByText('Verified')).toBeTruthy();
    expect(await screen.findByText('Active')).toBeTruthy();
  });

  it('keeps the stored secret unless Replace is chosen, and has no axe violations', async () => {
    http.answer('GET', /^\/teams\/t1\/sso$/, saved());
    http.answer('PUT', /^\/teams\/t1\/sso$/, saved());
    const user = userEvent.setup();
    const { container } = renderAsMember(<TeamSso teamId="t1" />);
    const form = await screen.findByRole('form', { name: 'Single sign-on provider' });
    await waitFor(() =>
      expect(within(form).getByLabelText('Issuer URL')).toHaveProperty('value', 'https://idp.acme.com'),
    );
    expect(await axeViolations(container)).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(http.seen('PUT', /^\/teams\/t1\/sso$/)).toHaveLength(1));
    expect(http.seen('PUT', /^\/teams\/t1\/sso$/)[0]?.body).toEqual({
      provider: { type: 'oidc', issuer: 'https://idp.acme.com', clientId: 'web' },
      domains: ['acme.com'],
      requireSso: false,
    });
    await user.click(within(form).getByRole('button', { name: 'Replace the client secret' }));
    await user.type(within(form).getByLabelText('Client secret'), 'new-secret');
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(http.seen('PUT', /^\/teams\/t1\/sso$/)).toHaveLength(2));
    expect(http.seen('PUT', /^\/teams\/t1\/sso$/)[1]?.body).toMatchObject({
      provider: { clientSecret: 'new-secret' },
    });
  });

  it('sends a SAML metadata URL, and refuses a bad domain with the schema message before any request', async () => {
    http.answer(
      'PUT',
      /^\/teams\/t1\/sso$/,
      saved({ provider: { type: 'saml', metadataUrl: 'https://idp.acme.com/md', hasMetadataFile: false } }),
    );
    const user = userEvent.setup();
    renderAsMember(<TeamSso teamId="t1" />);
    const form = await screen.findByRole('form', { name: 'Single sign-on provider' });
    await user.selectOptions(within(form).getByLabelText('Provider type'), 'saml');
    expect(within(form).queryByLabelText('Issuer URL')).toBeNull();
    await user.type(within(form).getByLabelText('Metadata URL'), 'https://idp.acme.com/md');
    await user.type(within(form).getByLabelText('E-mail domains (comma separated)'), 'not a domain');
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'Enter a domain such as example.com',
    );
    expect(http.seen('PUT', /^\/teams\/t1\/sso$/)).toHaveLength(0);
    const domains = within(form).getByLabelText('E-mail domains (comma separated)');
    await user.clear(domains);
    await user.type(domains, 'acme.com, acme.org');
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(http.seen('PUT', /^\/teams\/t1\/sso$/)).toHaveLength(1));
    expect(http.seen('PUT', /^\/teams\/t1\/sso$/)[0]?.body).toEqual({
      provider: { type: 'saml', metadataUrl: 'https://idp.acme.com/md' },
      domains: ['acme.com', 'acme.org'],
      requireSso: false,
    });
  });

  it('sends a chosen SAML metadata file instead of a URL, by keyboard', async () => {
    http.answer('PUT', /^\/teams\/t1\/sso$/, saved({ provider: { type: 'saml', hasMetadataFile: true } }));
    const user = userEvent.setup();
    renderAsMember(<TeamSso teamId="t1" />);
    const form = await screen.findByRole('form', { name: 'Single sign-on provider' });
    await user.selectOptions(within(form).getByLabelText('Provider type'), 'saml');
    expect(within(form).getByText('No metadata file chosen.')).toBeDefined();
    const xml = '<md:EntityDescriptor entityID="https://idp.acme.com"/>';
    await user.upload(
      within(form).getByLabelText('SAML metadata file'),
      new File([xml], 'acme-idp.xml', { type: 'application/xml' }),
    );
    await within(form).findByText('Metadata file: acme-idp.xml');
    expect(within(form).queryByLabelText('Metadata URL')).toBeNull();
    await user.type(within(form).getByLabelText('E-mail domains (comma separated)'), 'acme.com{Enter}');
    await waitFor(() => expect(http.seen('PUT', /^\/teams\/t1\/sso$/)).toHaveLength(1));
    expect(http.seen('PUT', /^\/teams\/t1\/sso$/)[0]?.body).toEqual({
      provider: { type: 'saml', metadataFile: xml },
      domains: ['acme.com'],
      requireSso: false,
    });
    expect(await axeViolations(form)).toEqual([]);
  });

  it('removes single sign-on after a confirmation', async () => {
    let current: TeamSsoView | null = saved();
    http.answer('GET', /^\/teams\/t1\/sso$/, () =>
      current ? json(current) : json({ message: 'none' }, 404),
    );
    http.answer('DELETE', /^\/teams\/t1\/sso$/, () => {
      current = null;
      return json({}, 200);
    });
    const user = userEvent.setup();
    renderAsMember(<TeamSso teamId="t1" />);
    await user.click(await screen.findByRole('button', { name: 'Remove single sign-on' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(http.seen('DELETE', /^\/teams\/t1\/sso$/)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove single sign-on' }));
    await waitFor(() => expect(http.seen('DELETE', /^\/teams\/t1\/sso$/)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'E-mail domains' })).toBeNull());
    expect(screen.getByLabelText('Client secret')).toHaveProperty('value', '');
  });

  it('is shown to Admins only', async () => {
    http.answer('GET', /^\/teams\/t1\/sso$/, saved());
    renderAsMember(<TeamPanel summary={teamSummary('user')} />, 'u-ada');
    await screen.findByRole('heading', { name: 'Platform: members' });
    expect(screen.queryByRole('heading', { name: 'Single sign-on' })).toBeNull();
    expect(http.seen('GET', /^\/teams\/t1\/sso$/)).toHaveLength(0);
  });
});
