import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryWrapper } from '../../../testing/query';
import { listTeams } from '../../teams/api/teams';
import type { ServerView } from '../api/servers';
import type { ServersState } from '../hooks/use-servers';
import type { UsageState } from '../hooks/use-usage';
import { ServerControls } from './server-controls';
import { UsageMeter } from './usage-meter';

// The new-server modal names the active space (GET /teams).
vi.mock('../../teams/api/teams');
beforeEach(() => {
  vi.mocked(listTeams).mockResolvedValue({ teams: [] });
});

const RUNNING: ServerView = {
  id: 's1',
  name: 'Everything',
  packageName: '@modelcontextprotocol/server-everything',
  idleTimeoutMinutes: 10,
  environmentVariables: {},
  status: 'enabled',
  healthStatus: 'running',
  displayStatus: 'Running',
};
const IDLE: ServerView = {
  ...RUNNING,
  id: 's2',
  name: 'Files',
  status: 'disabled',
  displayStatus: 'Disabled',
};
delete (IDLE as Partial<ServerView>).healthStatus;

function serversState(servers: ServerView[], patch: Partial<ServersState> = {}): ServersState {
  return {
    status: 'ready',
    servers,
    error: null,
    pending: {},
    failures: {},
    polling: false,
    reload: vi.fn(),
    create: vi.fn(async (body) => ({
      ...IDLE,
      id: 'new-1',
      name: String(body.name),
      status: 'defined' as const,
    })),
    update: vi.fn(),
    toggle: vi.fn(),
    remove: vi.fn(),
    dismissFailure: vi.fn(),
    ...patch,
  };
}

const usageState = (patch: Partial<UsageState> = {}): UsageState => ({
  status: 'ready',
  usage: { currentMonth: '2026-05', usedMinutes: 119, limitMinutes: 600, remainingMinutes: 481 },
  reload: vi.fn(),
  ...patch,
});

function renderControls(props: Partial<Parameters<typeof ServerControls>[0]> = {}) {
  const onToggle = vi.fn();
  const onClear = vi.fn();
  render(
    <ServerControls
      servers={serversState([RUNNING, IDLE])}
      usage={usageState()}
      attachedIds={[]}
      onToggle={onToggle}
      onClear={onClear}
      canManage
      {...props}
    />,
    { wrapper: queryWrapper() },
  );
  return { onToggle, onClear };
}

const trigger = () => screen.getByRole('button', { name: /^Chat server:/ });

/**
 * Radix opens the menu on pointerdown, which jsdom's user-event does not model: open it by keyboard;
 * it shows once its code (Radix's menu, the items' module) has loaded.
 */
async function openMenu() {
  trigger().focus();
  await userEvent.keyboard('{Enter}');
  await screen.findByRole('menu');
}

describe('ServerControls', () => {
  it("offers neither 'Configure Server' nor adding a server to a team's User, who still picks one", async () => {
    const { onToggle } = renderControls({ canManage: false, attachedIds: ['s1'] });
    expect(screen.queryByRole('button', { name: 'Configure Server' })).toBeNull();
    await openMenu();
    const list = screen.getByRole('menu');
    expect(within(list).queryByRole('menuitem', { name: 'Add MCP Server Config' })).toBeNull();
    await userEvent.click(within(list).getByRole('menuitemcheckbox', { name: /Files/ }));
    expect(onToggle).toHaveBeenCalledWith('s2');
  });

  it("shows 'No Server Connected' without a server", () => {
    renderControls();
    expect(trigger().textContent).toContain('No Server Connected');
    expect(screen.queryByText('Active')).toBeNull();
  });

  it("shows the attached server's name with an 'Active' badge while it runs", () => {
    renderControls({ attachedIds: ['s1'] });
    expect(trigger().textContent).toContain('Everything');
    expect(within(trigger()).getByText('Active')).toBeTruthy();
    expect(screen.queryByText('No Server Connected')).toBeNull();
  });

  it('shows the status instead of the badge when the attached server does not run', () => {
    renderControls({ attachedIds: ['s2'] });
    expect(trigger().textContent).toContain('Files');
    expect(within(trigger()).getByText('Disabled')).toBeTruthy();
    expect(screen.queryByText('Active')).toBeNull();
  });

  it("tells a server stopped for idleness ('Stopped (idle), starts when used') from one switched off", async () => {
    const idle: ServerView = {
      ...IDLE,
      id: 's3',
      name: 'Idle',
      stoppedBy: 'idle',
      displayStatus: 'Stopped (idle)',
    };
    renderControls({ servers: serversState([RUNNING, IDLE, idle]), attachedIds: ['s3'] });
    expect(trigger().textContent).toContain('Stopped (idle), starts when used');
    await openMenu();
    const list = screen.getByRole('menu');
    expect(within(list).getByRole('menuitemcheckbox', { name: /Idle/ }).textContent).toContain(
      'Stopped (idle), starts when used',
    );
    expect(within(list).getByRole('menuitemcheckbox', { name: /Files/ }).textContent).toContain('Disabled');
  });

  it('says when the attached server no longer exists', () => {
    renderControls({ attachedIds: ['gone'] });
    expect(trigger().textContent).toContain('Server removed');
  });

  it('adds another server to the chat, the menu staying open for more', async () => {
    const { onToggle } = renderControls({ attachedIds: ['s1'] });
    await openMenu();
    const list = screen.getByRole('menu');
    expect(within(list).getByRole('menuitem', { name: 'Add MCP Server Config' })).toBeTruthy();
    expect(
      within(list)
        .getByRole('menuitemcheckbox', { name: /Everything/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await userEvent.click(within(list).getByRole('menuitemcheckbox', { name: /Files/ }));
    expect(onToggle).toHaveBeenCalledWith('s2');
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it("takes the servers off the chat with 'No server'", async () => {
    const { onClear } = renderControls({ attachedIds: ['s1'] });
    await openMenu();
    const none = within(screen.getByRole('menu')).getByRole('menuitemcheckbox', {
      name: /No server/,
    });
    expect(none.getAttribute('aria-checked')).toBe('false');
    expect(none.hasAttribute('data-disabled')).toBe(false);
    await userEvent.click(none);
    expect(onClear).toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("opens 'New Server Configuration' from 'Configure Server' without a server, and attaches the new one", async () => {
    const { onToggle } = renderControls();
    await userEvent.click(screen.getByRole('button', { name: 'Configure Server' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Server Configuration' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Fresh');
    await userEvent.type(within(dialog).getByLabelText('Package name'), 'some-mcp');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create server' }));
    await waitFor(() => expect(onToggle).toHaveBeenCalledWith('new-1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens 'Edit Server Configuration' for the attached server", async () => {
    renderControls({ attachedIds: ['s2'] });
    await userEvent.click(screen.getByRole('button', { name: 'Configure Server' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Server Configuration' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Files');
  });
});

describe('ServerControls with several servers', () => {
  const REMOTE: ServerView = {
    ...RUNNING,
    id: 's4',
    name: 'Remote docs',
    kind: 'remote',
    displayStatus: 'Enabled',
  };
  const BROKEN: ServerView = { ...IDLE, id: 's5', name: 'Broken', status: 'error', displayStatus: 'Error' };
  const IDLE_STOPPED: ServerView = {
    ...IDLE,
    id: 's6',
    name: 'Sleepy',
    stoppedBy: 'idle',
    displayStatus: 'Stopped (idle)',
  };
  const all = serversState([RUNNING, IDLE_STOPPED, REMOTE, BROKEN]);

  it("summarises the chat's servers ('2 servers') and names them for assistive technology", () => {
    renderControls({ servers: all, attachedIds: ['s1', 's4'] });
    expect(trigger().textContent).toContain('2 servers');
    expect(trigger().getAttribute('aria-label')).toBe('Chat server: 2 servers (Everything, Remote docs)');
  });

  it('ticks every attached server and shows each one’s state: running, stopped (idle), remote, needs attention', async () => {
    renderControls({ servers: all, attachedIds: ['s1', 's4'] });
    await openMenu();
    const list = screen.getByRole('menu');
    const item = (name: RegExp) => within(list).getByRole('menuitemcheckbox', { name });
    expect(item(/Everything/).getAttribute('aria-checked')).toBe('true');
    expect(item(/Remote docs/).getAttribute('aria-checked')).toBe('true');
    expect(item(/Sleepy/).getAttribute('aria-checked')).toBe('false');
    expect(item(/No server/).getAttribute('aria-checked')).toBe('false');
    expect(item(/Everything/).textContent).toContain('Running');
    expect(item(/Sleepy/).textContent).toContain('Stopped (idle), starts when used');
    expect(item(/Remote docs/).textContent).toContain('Remote');
    expect(item(/Broken/).textContent).toContain('Needs attention');
  });

  it('detaches one of several by keyboard, the others staying', async () => {
    const { onToggle } = renderControls({ servers: all, attachedIds: ['s1', 's4'] });
    await openMenu();
    // Opened by keyboard, the first server has focus; Space ticks it off, the menu stays open.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Everything'));
    await userEvent.keyboard(' ');
    expect(onToggle).toHaveBeenCalledWith('s1');
    await userEvent.keyboard('{ArrowDown}{ArrowDown} ');
    expect(onToggle).toHaveBeenLastCalledWith('s4');
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('offers no more servers once five are attached, but still lets one go', async () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ ...RUNNING, id, name: `Server ${id}` }));
    const { onToggle } = renderControls({
      servers: serversState([...five, IDLE]),
      attachedIds: five.map((server) => server.id),
    });
    await openMenu();
    const list = screen.getByRole('menu');
    expect(within(list).getByRole('menuitemcheckbox', { name: /Files/ }).hasAttribute('data-disabled')).toBe(
      true,
    );
    expect(within(list).getByText('At most 5 servers per chat')).toBeTruthy();
    await userEvent.click(within(list).getByRole('menuitemcheckbox', { name: /Server c/ }));
    expect(onToggle).toHaveBeenCalledWith('c');
  });
});

describe('UsageMeter', () => {
  it('shows used/limit hours, floored', () => {
    render(<UsageMeter usage={usageState()} />);
    expect(screen.getByText('1/10 hours')).toBeTruthy();
  });

  it('floors partial hours of the limit too', () => {
    render(
      <UsageMeter
        usage={usageState({
          usage: { currentMonth: '2026-05', usedMinutes: 59, limitMinutes: 90, remainingMinutes: 31 },
        })}
      />,
    );
    expect(screen.getByText('0/1 hours')).toBeTruthy();
  });

  it("is a button opening 'Subscription & Usage' when it can", async () => {
    const onOpen = vi.fn();
    render(<UsageMeter usage={usageState()} onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: 'Server usage: 1/10 hours' }));
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it("says 'Failed to load usage data' when the usage cannot be loaded", () => {
    render(<UsageMeter usage={usageState({ status: 'error', usage: null })} />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load usage data');
  });
});
