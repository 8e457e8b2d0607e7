import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { serverKeys } from '../api/queries';
import * as serversApi from '../api/server-features';
import type { ServerView } from '../api/servers';
import { MemberValues } from './member-values';

vi.mock('../api/server-features', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/server-features')>()),
  saveMemberValues: vi.fn(),
  removeMemberValues: vi.fn(),
}));

const SERVER: ServerView = {
  id: 's1',
  name: 'Team tools',
  packageName: '@modelcontextprotocol/server-everything',
  idleTimeoutMinutes: 5,
  environmentVariables: { REGION: '••••••••' },
  status: 'defined',
  memberVariables: ['API_TOKEN'],
  myValues: {},
};

function renderValues(server: ServerView) {
  const client = new QueryClient();
  client.setQueryData(serverKeys.list(), [server]);
  render(
    <QueryClientProvider client={client}>
      <MemberValues server={server} />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  vi.resetAllMocks();
});

describe('MemberValues', () => {
  it('tells a member what to supply, and saves their own value by keyboard', async () => {
    const saved = { ...SERVER, myValues: { API_TOKEN: '••••••••1234' } };
    vi.mocked(serversApi.saveMemberValues).mockResolvedValue(saved);
    const client = renderValues(SERVER);
    expect(screen.getByText('Needs your own value for API_TOKEN')).toBeTruthy();

    screen.getByRole('button', { name: 'Enter your values for Team tools' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Your values' });
    expect(within(dialog).queryByRole('button', { name: 'Remove my values' })).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('API_TOKEN'), 'my-own-token-1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(serversApi.saveMemberValues).toHaveBeenCalledWith('s1', { API_TOKEN: 'my-own-token-1234' });
    // The list holds the answer (masked), so the card says the values are set.
    expect(client.getQueryData(serverKeys.list())).toEqual([saved]);
  });

  it("shows the API's refusal and keeps what was typed", async () => {
    vi.mocked(serversApi.saveMemberValues).mockRejectedValue(
      new ApiError('Enter your value for API_TOKEN.', { status: 400 }),
    );
    renderValues(SERVER);
    await userEvent.click(screen.getByRole('button', { name: 'Enter your values for Team tools' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your values' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Enter your value for API_TOKEN.');
  });

  it('replaces or removes values already set (sent back masked when unchanged)', async () => {
    const withValues = { ...SERVER, myValues: { API_TOKEN: '••••••••1234' } };
    vi.mocked(serversApi.removeMemberValues).mockResolvedValue(SERVER);
    const client = renderValues(withValues);
    expect(screen.getByText('Your own values are set')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Change your values for Team tools' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your values' });
    expect((within(dialog).getByLabelText('API_TOKEN') as HTMLInputElement).value).toBe('••••••••1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove my values' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(serversApi.removeMemberValues).toHaveBeenCalledWith('s1'));
    await waitFor(() => expect(client.getQueryData(serverKeys.list())).toEqual([SERVER]));
  });
});
