import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeHttp, json } from '../../../testing/fake-http';
import { renderAsMember } from '../../../testing/teams-fixture';
import { TeamKeys } from './team-keys';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const http = installFakeHttp();

describe('TeamKeys', () => {
  it('adds a Custom endpoint to the team with its base URL and no key required', async () => {
    http.answer('GET', /^\/api-keys$/, []);
    http.answer(
      'POST',
      /^\/api-keys$/,
      json({ id: 'k2', provider: 'custom', label: 'Custom', last4: '', createdAt: 1 }, 201),
    );
    const user = userEvent.setup();
    renderAsMember(<TeamKeys teamId="t1" />);
    const form = screen.getByRole('form', { name: 'Add a team key' });
    expect(within(form).queryByLabelText('Base URL')).toBeNull();
    await user.selectOptions(within(form).getByLabelText('Provider'), 'custom');
    expect(within(form).getByLabelText('API key (optional)')).toHaveProperty('required', false);
    await user.type(within(form).getByLabelText('Base URL'), 'http://localhost:11434/v1');
    await user.click(within(form).getByRole('button', { name: 'Add key' }));
    await waitFor(() => expect(http.seen('POST', /^\/api-keys$/)).toHaveLength(1));
    const added = http.seen('POST', /^\/api-keys$/)[0];
    expect(added?.body).toEqual({ provider: 'custom', baseUrl: 'http://localhost:11434/v1' });
    expect(added?.url.searchParams.get('teamId')).toBe('t1');
    await waitFor(() => expect(within(form).getByLabelText('Base URL')).toHaveProperty('value', ''));
  });

  it("names each key's provider, not its base URL, with the endpoint beside it", async () => {
    http.answer('GET', /^\/api-keys$/, [
      { id: 'k1', provider: 'custom', label: 'http://localhost:11434/v1', last4: '', createdAt: 1 },
      { id: 'k2', provider: 'anthropic', label: 'Anthropic', last4: 'abcd', createdAt: 1 },
    ]);
    renderAsMember(<TeamKeys teamId="t1" />);
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByText('Custom')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('http://localhost:11434/v1')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getAllByText('Anthropic')).toHaveLength(1);
  });

  it('shows the API’s refusal and keeps what was typed', async () => {
    http.answer('GET', /^\/api-keys$/, []);
    http.answer('POST', /^\/api-keys$/, json({ message: 'That key was refused by Anthropic' }, 400));
    const user = userEvent.setup();
    renderAsMember(<TeamKeys teamId="t1" />);
    await user.type(screen.getByLabelText('API key'), 'sk-ant-bad');
    await user.click(screen.getByRole('button', { name: 'Add key' }));
    expect((await screen.findByRole('alert')).textContent).toContain('That key was refused by Anthropic');
    expect(screen.getByLabelText('API key')).toHaveProperty('value', 'sk-ant-bad');
  });
});
