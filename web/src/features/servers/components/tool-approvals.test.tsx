import { SERVER_MESSAGES } from '@agentforge/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { serverKeys } from '../api/queries';
import * as serversApi from '../api/server-features';
import type { ServerView } from '../api/servers';
import { ToolApprovals } from './tool-approvals';

vi.mock('../api/server-features', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/server-features')>()),
  listServerTools: vi.fn(),
  patchToolPolicy: vi.fn(),
}));

const SERVER: ServerView = {
  id: 's1',
  name: 'Files',
  packageName: '@modelcontextprotocol/server-filesystem',
  idleTimeoutMinutes: 5,
  environmentVariables: {},
  status: 'enabled',
  toolPolicy: { default: 'ask', tools: { move_file: 'never' } },
};

const TOOLS = [
  { name: 'read_file', annotations: { readOnlyHint: true } },
  { name: 'write_file' },
  { name: 'move_file' },
];

function renderApprovals(server: ServerView) {
  const client = new QueryClient();
  client.setQueryData(serverKeys.list(), [server]);
  render(
    <QueryClientProvider client={client}>
      <ToolApprovals server={server} />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  vi.resetAllMocks();
});

describe('ToolApprovals', () => {
  it("lists the server's tools with what the default means for each, and saves a change made by keyboard", async () => {
    vi.mocked(serversApi.listServerTools).mockResolvedValue(TOOLS);
    const saved = {
      ...SERVER,
      toolPolicy: { default: 'ask' as const, tools: { write_file: 'allow' as const } },
    };
    vi.mocked(serversApi.patchToolPolicy).mockResolvedValue(saved);
    const client = renderApprovals(SERVER);
    expect(screen.getByText('Asks before tools that may change things; 1 tool set apart')).toBeTruthy();

    screen.getByRole('button', { name: 'Tool approvals for Files' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Tool approvals' });
    const read = await within(dialog).findByLabelText('read_file');
    // Read-only (the server's hint): under 'Ask' it runs unasked.
    expect((read as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Default (Allow)');
    const write = within(dialog).getByLabelText('write_file') as HTMLSelectElement;
    expect(write.selectedOptions[0]?.textContent).toBe('Default (Ask)');
    expect((within(dialog).getByLabelText('move_file') as HTMLSelectElement).value).toBe('never');

    await userEvent.selectOptions(write, 'allow');
    await userEvent.selectOptions(within(dialog).getByLabelText('move_file'), 'default');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(serversApi.patchToolPolicy).toHaveBeenCalledWith('s1', {
      default: 'ask',
      tools: { move_file: null, write_file: 'allow' },
    });
    expect(client.getQueryData(serverKeys.list())).toEqual([saved]);
  });

  it("sets the server's default even when its tools cannot be listed (the server is stopped)", async () => {
    vi.mocked(serversApi.listServerTools).mockRejectedValue(
      new ApiError('The server is not running.', { status: 409 }),
    );
    vi.mocked(serversApi.patchToolPolicy).mockResolvedValue(SERVER);
    renderApprovals({ ...SERVER, toolPolicy: undefined });
    expect(screen.getByText('Tools run without asking')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Tool approvals for Files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tool approvals' });
    expect(
      await within(dialog).findByText(
        "The server's tools could not be listed (The server is not running.). Start the server to set each tool.",
      ),
    ).toBeTruthy();
    await userEvent.selectOptions(within(dialog).getByLabelText("Default for this server's tools"), 'ask');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(serversApi.patchToolPolicy).toHaveBeenCalledWith('s1', { default: 'ask', tools: {} }),
    );
  });

  it("shows the API's refusal and keeps the dialog open", async () => {
    vi.mocked(serversApi.listServerTools).mockResolvedValue(TOOLS);
    vi.mocked(serversApi.patchToolPolicy).mockRejectedValue(
      new ApiError("Only the team's Admins can do this.", { status: 403 }),
    );
    renderApprovals(SERVER);
    await userEvent.click(screen.getByRole('button', { name: 'Tool approvals for Files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tool approvals' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Only the team's Admins can do this.",
    );
  });

  it("lists a remote server's tools, or says what it needs to list them", async () => {
    const remote: ServerView = {
      id: 'r1',
      name: 'Remote',
      kind: 'remote',
      packageName: '',
      url: 'https://mcp.example.com/mcp',
      idleTimeoutMinutes: 5,
      environmentVariables: {},
      status: 'enabled',
    };
    vi.mocked(serversApi.listServerTools).mockResolvedValue(TOOLS);
    renderApprovals(remote);
    await userEvent.click(screen.getByRole('button', { name: 'Tool approvals for Remote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tool approvals' });
    expect(await within(dialog).findByLabelText('write_file')).toBeTruthy();
    expect(serversApi.listServerTools).toHaveBeenCalledWith({ id: 'r1', kind: 'remote' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    vi.mocked(serversApi.listServerTools).mockRejectedValue(
      new ApiError(SERVER_MESSAGES.remoteToolsNeedAuthorization, { status: 409 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tool approvals for Remote' }));
    const again = await screen.findByRole('dialog', { name: 'Tool approvals' });
    // Nothing to start: the message is the API's (Connect, or why it is unreachable).
    expect(
      await within(again).findByText(
        "The server's tools could not be listed. Choose 'Connect' on this server's card to list its tools.",
      ),
    ).toBeTruthy();
  });
});
