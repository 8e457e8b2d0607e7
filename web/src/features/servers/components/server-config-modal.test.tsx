import { GITHUB_TOKEN_ENV_VAR, GITHUB_TOKEN_REFERENCE, SERVER_MESSAGES } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { createTestQueryClient, queryWrapper } from '../../../testing/query';
import { teamSummary } from '../../../testing/teams-fixture';
import { listTeams } from '../../teams/api/teams';
import { setSpaceTeamId } from '../../teams/utils/space';
import * as serversApi from '../api/server-features';
import type { ServerView } from '../api/servers';
import { ServerConfigModal } from './server-config-modal';

vi.mock('../../teams/api/teams');
vi.mock('../api/server-features', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/server-features')>()),
  issueExternalToken: vi.fn(),
}));

const STORED: ServerView = {
  id: 's1',
  name: 'Everything',
  packageName: '@modelcontextprotocol/server-everything',
  idleTimeoutMinutes: 10,
  environmentVariables: { API_KEY: '••••••••abcd', MODE: '••••••••' },
  status: 'disabled',
  endpoint: '/mcp-external/s1',
};

async function renderModal(server?: ServerView) {
  const servers = {
    create: vi.fn(async (body: unknown) => ({ ...STORED, ...(body as object) }) as ServerView),
    update: vi.fn(async (_id: string, body: unknown) => ({ ...STORED, ...(body as object) }) as ServerView),
  };
  const onClose = vi.fn();
  const onSaved = vi.fn();
  render(<ServerConfigModal server={server} servers={servers} onClose={onClose} onSaved={onSaved} />, {
    wrapper: queryWrapper(createTestQueryClient()),
  });
  await screen.findByRole('dialog');
  return { servers, onClose, onSaved };
}

const dialog = (name: string) => screen.getByRole('dialog', { name });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  vi.mocked(listTeams).mockResolvedValue({ teams: [] });
});

afterEach(() => {
  vi.resetAllMocks();
  setSpaceTeamId(undefined);
});

describe('ServerConfigModal (new)', () => {
  it('starts in Name (not on Close), and says which space the server is created in', async () => {
    vi.mocked(listTeams).mockResolvedValue({ teams: [teamSummary('admin')] });
    setSpaceTeamId('t1');
    await renderModal();
    expect(document.activeElement).toBe(field('Name'));
    await waitFor(() =>
      expect(dialog('New Server Configuration').textContent).toContain('New server in Platform.'),
    );
  });

  it("is 'New Server Configuration' with an idle timeout of 30", async () => {
    await renderModal();
    expect(dialog('New Server Configuration')).toBeTruthy();
    expect(field('Idle timeout (minutes)').value).toBe('30');
    expect(screen.queryByRole('region', { name: 'External access' })).toBeNull();
  });

  it('requires a name and a package name, and an idle timeout of at least 1', async () => {
    const { servers } = await renderModal();
    await userEvent.clear(field('Idle timeout (minutes)'));
    await userEvent.type(field('Idle timeout (minutes)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Create server' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Package name is required')).toBeTruthy();
    expect(screen.getByText('Idle timeout must be at least 1 minute')).toBeTruthy();
    expect(servers.create).not.toHaveBeenCalled();

    await userEvent.type(field('Package name'), '--eval=x');
    await userEvent.click(screen.getByRole('button', { name: 'Create server' }));
    expect(
      await screen.findByText('Enter an npm package name, e.g. @modelcontextprotocol/server-everything'),
    ).toBeTruthy();
  });

  it('sends trimmed keys without blank rows, and 30 for an idle timeout that is not a number', async () => {
    const { servers, onSaved, onClose } = await renderModal();
    await userEvent.type(field('Name'), 'Everything');
    await userEvent.type(field('Package name'), '@modelcontextprotocol/server-everything');
    await userEvent.clear(field('Idle timeout (minutes)'));
    const add = screen.getByRole('button', { name: 'Add variable' });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.type(field('Variable 1 name'), '  GREETING ');
    await userEvent.type(field('Variable 1 value'), 'hello there');
    await userEvent.type(field('Variable 2 value'), 'no name, dropped');
    await userEvent.type(field('Variable 3 name'), 'GONE');
    await userEvent.click(screen.getByRole('button', { name: 'Remove variable 3' }));
    expect(screen.getByText('Rows without a name are ignored.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create server' }));

    await waitFor(() => expect(servers.create).toHaveBeenCalledTimes(1));
    expect(servers.create).toHaveBeenCalledWith({
      name: 'Everything',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 30,
      environmentVariables: { GREETING: 'hello there' },
    });
    expect(onSaved).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it("shows a variable name's error on its row, and sends nothing until it is right", async () => {
    const { servers } = await renderModal();
    await userEvent.type(field('Name'), 'Everything');
    await userEvent.type(field('Package name'), '@modelcontextprotocol/server-everything');
    const add = screen.getByRole('button', { name: 'Add variable' });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.type(field('Variable 1 name'), 'constructor');
    await userEvent.type(field('Variable 2 name'), '1-BAD');
    await userEvent.click(screen.getByRole('button', { name: 'Create server' }));

    const message =
      'A variable name uses only letters, digits and underscores, and does not start with a digit';
    const error = await screen.findByText(message);
    expect(field('Variable 2 name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Variable 2 name').getAttribute('aria-describedby')).toBe(error.id);
    expect(field('Variable 1 name').getAttribute('aria-invalid')).toBeNull();
    expect(servers.create).not.toHaveBeenCalled();

    await userEvent.clear(field('Variable 2 name'));
    await userEvent.type(field('Variable 2 name'), 'GOOD_1');
    await userEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await waitFor(() => expect(servers.create).toHaveBeenCalledTimes(1));
    expect(servers.create.mock.calls[0]?.[0]).toMatchObject({
      environmentVariables: { constructor: '', GOOD_1: '' },
    });
    expect(screen.queryByText(message)).toBeNull();
  });

  it("'Use my GitHub account' sets the GitHub token variable to the linked-account reference", async () => {
    const { servers } = await renderModal();
    await userEvent.type(field('Name'), 'GitHub');
    await userEvent.type(field('Package name'), '@modelcontextprotocol/server-github');
    await userEvent.click(screen.getByRole('button', { name: 'Use my GitHub account' }));
    expect((field('Variable 1 name') as HTMLInputElement).value).toBe(GITHUB_TOKEN_ENV_VAR);
    expect(screen.getByText(/stands for your linked GitHub account/)).toBeTruthy();
    // Again: the same row, not a second one.
    await userEvent.click(screen.getByRole('button', { name: 'Use my GitHub account' }));
    expect(screen.queryByLabelText('Variable 2 name')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await waitFor(() => expect(servers.create).toHaveBeenCalledTimes(1));
    expect(servers.create.mock.calls[0]?.[0]).toMatchObject({
      environmentVariables: { [GITHUB_TOKEN_ENV_VAR]: GITHUB_TOKEN_REFERENCE },
    });
  });

  it("shows the API's message when saving fails, else 'Failed to save server configuration'", async () => {
    const { servers, onClose } = await renderModal();
    servers.create.mockRejectedValueOnce(
      new ApiError('Idle timeout can be at most 30 minutes on your plan.', { status: 400 }),
    );
    servers.create.mockRejectedValueOnce(new Error(''));
    await userEvent.type(field('Name'), 'x');
    await userEvent.type(field('Package name'), 'pkg');
    await userEvent.click(screen.getByRole('button', { name: 'Create server' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Idle timeout can be at most 30 minutes on your plan.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to save server configuration'),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ServerConfigModal (edit)', () => {
  it('shows the stored values, environment values masked, and sends masked values back unchanged', async () => {
    const { servers } = await renderModal(STORED);
    expect(dialog('Edit Server Configuration')).toBeTruthy();
    expect(field('Name').value).toBe('Everything');
    expect(field('Idle timeout (minutes)').value).toBe('10');
    expect(field('Variable 1 name').value).toBe('API_KEY');
    expect(field('Variable 1 value').value).toBe('••••••••abcd');
    expect(field('Variable 2 value').value).toBe('••••••••');
    expect(screen.getByText(/Stored values stay hidden/)).toBeTruthy();

    await userEvent.clear(field('Name'));
    await userEvent.type(field('Name'), 'Renamed');
    // Focusing a masked value selects it: typing replaces it.
    await userEvent.click(field('Variable 2 value'));
    await userEvent.keyboard('fresh');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(servers.update).toHaveBeenCalledTimes(1));
    expect(servers.update).toHaveBeenCalledWith('s1', {
      name: 'Renamed',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 10,
      environmentVariables: { API_KEY: '••••••••abcd', MODE: 'fresh' },
    });
  });

  it("shows 'Failed to update server configuration' when an update fails without a message", async () => {
    const { servers } = await renderModal(STORED);
    servers.update.mockRejectedValueOnce(new Error(''));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update server configuration');
  });

  it('is read-only for a running server, which still offers external access', async () => {
    vi.mocked(serversApi.issueExternalToken).mockResolvedValue({
      token: 'user-1.secret-token-value',
      endpoint: '/mcp-external/s1',
    });
    const { onClose } = await renderModal({ ...STORED, status: 'enabled', healthStatus: 'running' });
    expect(screen.getByText('Disable the server to change its configuration.')).toBeTruthy();
    expect(field('Name').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();

    const access = screen.getByRole('region', { name: 'External access' });
    await userEvent.click(within(access).getByRole('button', { name: 'Generate token' }));
    expect(await within(access).findByText('user-1.secret-token-value')).toBeTruthy();
    expect(within(access).getByText(/shown only once/)).toBeTruthy();
    expect(within(access).getByText(/"Authorization": "Bearer user-1.secret-token-value"/)).toBeTruthy();
    await userEvent.click(within(access).getByRole('tab', { name: 'Claude Desktop' }));
    expect(within(access).getByText(/"mcp-remote"/)).toBeTruthy();
    expect(serversApi.issueExternalToken).toHaveBeenCalledWith('s1');

    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('ServerConfigModal (a team server: values each member supplies)', () => {
  const warning = () => screen.queryByText(new RegExp(SERVER_MESSAGES.sharedValuesWarning));

  it('says plainly that members can read shared values; a personal server has no such choice', async () => {
    await renderModal();
    expect(warning()).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it("marks a variable 'Each member supplies their own': sent by name, with no shared value", async () => {
    setSpaceTeamId('t1');
    const { servers } = await renderModal();
    expect(warning()).toBeTruthy();
    await userEvent.type(field('Name'), 'Team tools');
    await userEvent.type(field('Package name'), '@modelcontextprotocol/server-everything');
    const add = screen.getByRole('button', { name: 'Add variable' });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.type(field('Variable 1 name'), 'REGION');
    await userEvent.type(field('Variable 1 value'), 'eu-west-1');
    await userEvent.type(field('Variable 2 name'), 'API_TOKEN');
    await userEvent.type(field('Variable 2 value'), 'typed before marking');
    // By keyboard: the row's checkbox is named after its variable.
    const mark = screen.getByRole('checkbox', { name: 'Variable 2: Each member supplies their own' });
    mark.focus();
    await userEvent.keyboard(' ');
    expect((mark as HTMLInputElement).checked).toBe(true);
    expect(field('Variable 2 value').value).toBe('');
    expect(field('Variable 2 value').readOnly).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await waitFor(() => expect(servers.create).toHaveBeenCalledTimes(1));
    expect(servers.create).toHaveBeenCalledWith({
      name: 'Team tools',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 30,
      environmentVariables: { REGION: 'eu-west-1' },
      memberVariables: ['API_TOKEN'],
    });
  });

  it("shows a server's per-member variables marked, and unmarking one makes it shared again", async () => {
    const { servers } = await renderModal({ ...STORED, memberVariables: ['API_TOKEN'], myValues: {} });
    expect(warning()).toBeTruthy();
    const mark = screen.getByRole('checkbox', { name: 'Variable 3: Each member supplies their own' });
    expect(field('Variable 3 name').value).toBe('API_TOKEN');
    expect((mark as HTMLInputElement).checked).toBe(true);
    await userEvent.click(mark);
    await userEvent.type(field('Variable 3 value'), 'one for all');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(servers.update).toHaveBeenCalledTimes(1));
    const body = servers.update.mock.calls[0]?.[1] as Record<string, unknown>;
    expect(body.environmentVariables).toMatchObject({ API_TOKEN: 'one for all' });
    expect(body.memberVariables).toBeUndefined();
  });
});

describe('ServerConfigModal (remote URL)', () => {
  const REMOTE: ServerView = {
    id: 'r1',
    name: 'Remote tools',
    kind: 'remote',
    packageName: '',
    url: 'https://mcp.example.com/mcp',
    headers: { 'X-API-Key': '••••••••1234' },
    idleTimeoutMinutes: 30,
    environmentVariables: {},
    status: 'defined',
  };

  it("takes a 'Server URL' and headers instead of a package, by keyboard", async () => {
    const { servers } = await renderModal();
    await userEvent.type(field('Name'), 'Remote tools');
    await userEvent.click(screen.getByRole('radio', { name: 'Remote URL' }));
    expect(screen.queryByLabelText('Package name')).toBeNull();
    await userEvent.type(field('Server URL'), 'http://mcp.example.com/mcp');
    await userEvent.click(screen.getByRole('button', { name: 'Add header' }));
    await userEvent.type(field('Header 1 name'), 'X-API-Key');
    await userEvent.type(field('Header 1 value'), 'secret-key');
    await userEvent.click(screen.getByRole('button', { name: 'Create server' }));
    expect(
      await screen.findByText(
        "A remote server's URL must use https (http only for localhost on the local stack).",
      ),
    ).toBeTruthy();
    expect(servers.create).not.toHaveBeenCalled();

    await userEvent.clear(field('Server URL'));
    await userEvent.type(field('Server URL'), 'https://mcp.example.com/mcp');
    await userEvent.click(screen.getByRole('button', { name: 'Create server' }));
    await waitFor(() => expect(servers.create).toHaveBeenCalledTimes(1));
    expect(servers.create).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Remote tools',
        url: 'https://mcp.example.com/mcp',
        headers: { 'X-API-Key': 'secret-key' },
        packageName: '',
      }),
    );
  });

  it("shows a header's name error on its row", async () => {
    await renderModal();
    await userEvent.type(field('Name'), 'Remote tools');
    await userEvent.click(screen.getByRole('radio', { name: 'Remote URL' }));
    await userEvent.type(field('Server URL'), 'https://mcp.example.com/mcp');
    await userEvent.click(screen.getByRole('button', { name: 'Add header' }));
    await userEvent.type(field('Header 1 name'), 'Mcp-Session-Id');
    await userEvent.click(screen.getByRole('button', { name: 'Create server' }));
    expect(
      await screen.findByText('Mcp-Session-Id is set by the MCP client: it cannot be a static header'),
    ).toBeTruthy();
    expect(field('Header 1 name').getAttribute('aria-invalid')).toBe('true');
  });

  it('edits a remote server with its header masked and sent back unchanged, and no external access', async () => {
    const { servers } = await renderModal(REMOTE);
    expect((screen.getByRole('radio', { name: 'Remote URL' }) as HTMLInputElement).checked).toBe(true);
    expect(field('Server URL').value).toBe('https://mcp.example.com/mcp');
    expect(field('Header 1 value').value).toBe('••••••••1234');
    expect(screen.queryByRole('region', { name: 'External access' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(servers.update).toHaveBeenCalledTimes(1));
    expect(servers.update).toHaveBeenCalledWith(
      'r1',
      expect.objectContaining({ url: REMOTE.url, headers: { 'X-API-Key': '••••••••1234' } }),
    );
  });
});
