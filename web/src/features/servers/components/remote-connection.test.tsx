import { OAUTH_CLIENT_REQUIRED_ERROR_CODE, SERVER_MESSAGES } from '@agentforge/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { serverKeys } from '../api/queries';
import * as serversApi from '../api/server-features';
import type { ServerView } from '../api/servers';
import { MCP_OAUTH_MESSAGE } from '../utils/oauth-popup';
import { RemoteConnection } from './remote-connection';

vi.mock('../api/server-features', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/server-features')>()),
  startServerOAuth: vi.fn(),
  disconnectServerOAuth: vi.fn(),
}));

const SERVER: ServerView = {
  id: 'r1',
  name: 'OAuth tools',
  kind: 'remote',
  packageName: '',
  url: 'https://mcp.example.com/mcp',
  idleTimeoutMinutes: 5,
  environmentVariables: {},
  status: 'defined',
  oauth: 'not_connected',
};

function renderConnection(server: ServerView) {
  const client = new QueryClient();
  client.setQueryData(serverKeys.list(), [server]);
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <RemoteConnection server={server} />
    </QueryClientProvider>,
  );
  return { invalidate };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetAllMocks();
});

describe('RemoteConnection', () => {
  it('shows nothing for a server that asks for no authorization', () => {
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <RemoteConnection server={{ ...SERVER, oauth: undefined }} />
      </QueryClientProvider>,
    );
    expect(container.textContent).toBe('');
  });

  it('Connect opens the authorization page in a popup and reads the state again when it reports back', async () => {
    const popup = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    vi.mocked(serversApi.startServerOAuth).mockResolvedValue('https://auth.example.com/authorize?x=1');
    const { invalidate } = renderConnection(SERVER);
    expect(screen.getByText(/Not connected/)).toBeTruthy();

    screen.getByRole('button', { name: 'Connect OAuth tools' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(open).toHaveBeenCalledOnce();
    await waitFor(() => expect(popup.location.href).toBe('https://auth.example.com/authorize?x=1'));
    expect(serversApi.startServerOAuth).toHaveBeenCalledWith('r1');

    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: { type: MCP_OAUTH_MESSAGE, serverId: 'r1' },
      }),
    );
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: serverKeys.list() }));
  });

  it('goes to the authorization page in this tab when the popup is blocked', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    vi.mocked(serversApi.startServerOAuth).mockResolvedValue('https://auth.example.com/authorize');
    renderConnection(SERVER);
    await userEvent.click(screen.getByRole('button', { name: 'Connect OAuth tools' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://auth.example.com/authorize'));
  });

  it("reads 'Connected' with Disconnect, which revokes", async () => {
    vi.mocked(serversApi.disconnectServerOAuth).mockResolvedValue();
    const { invalidate } = renderConnection({ ...SERVER, oauth: 'connected' });
    expect(screen.getByText('Connected')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect OAuth tools' }));
    expect(serversApi.disconnectServerOAuth).toHaveBeenCalledWith('r1');
    await waitFor(() => expect(invalidate).toHaveBeenCalled());
  });

  it('offers Reconnect after a refused refresh', () => {
    renderConnection({ ...SERVER, oauth: 'needs_reconnect' });
    expect(screen.getByText(/Your authorization has ended/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reconnect OAuth tools' })).toBeTruthy();
  });

  it("turns the API's 'register your own client' answer into the form, and connects with the client given", async () => {
    const popup = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    vi.mocked(serversApi.startServerOAuth)
      .mockRejectedValueOnce(
        new ApiError(SERVER_MESSAGES.remoteOAuthClientRequired, {
          status: 400,
          data: {
            code: OAUTH_CLIENT_REQUIRED_ERROR_CODE,
            message: SERVER_MESSAGES.remoteOAuthClientRequired,
          },
        }),
      )
      .mockResolvedValueOnce('https://auth.example.com/authorize?client_id=mine');
    renderConnection(SERVER);
    await userEvent.click(screen.getByRole('button', { name: 'Connect OAuth tools' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your own OAuth client' });
    expect(popup.close).toHaveBeenCalledOnce();
    expect(within(dialog).getByText(SERVER_MESSAGES.remoteOAuthClientRequired)).toBeTruthy();
    expect(within(dialog).getByText(`${window.location.origin}/oauth/mcp-callback`)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy redirect URI' })).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Client ID'), 'mine');
    await userEvent.type(within(dialog).getByLabelText('Client secret'), 's3cret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));

    expect(serversApi.startServerOAuth).toHaveBeenLastCalledWith('r1', {
      clientId: 'mine',
      clientSecret: 's3cret',
    });
    expect(open).toHaveBeenCalledTimes(2);
    await waitFor(() =>
      expect(popup.location.href).toBe('https://auth.example.com/authorize?client_id=mine'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers the own-client form by choice too: the client ID is required, the secret optional', async () => {
    vi.spyOn(window, 'open').mockReturnValue({ location: { href: '' }, close: vi.fn() } as unknown as Window);
    vi.mocked(serversApi.startServerOAuth).mockResolvedValue('https://auth.example.com/authorize');
    renderConnection(SERVER);
    await userEvent.click(screen.getByRole('button', { name: 'Use your own client ID for OAuth tools' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your own OAuth client' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(within(dialog).getByText('Enter the client ID')).toBeTruthy();
    expect(serversApi.startServerOAuth).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Client ID'), ' public-app ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(serversApi.startServerOAuth).toHaveBeenCalledWith('r1', { clientId: 'public-app' });
  });
});
