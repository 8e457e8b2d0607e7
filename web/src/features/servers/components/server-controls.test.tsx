import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryWrapper } from '../../../testing/query';
import { listTeams } from '../../teams/api/teams';
import type { ServerView } from '../api/servers';
import type { ServersState } from '../hooks/use-servers';
import type { UsageState } from '../hooks/use-usage';
import { ServerControls, UsageMeter } from './server-controls';

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
  const onAttach = vi.fn();
  render(
    <ServerControls
      servers={serversState([RUNNING, IDLE])}
      usage={usageState()}
      attachedId={null}
      onAttach={onAttach}
      canManage
      {...props}
    />,
    { wrapper: queryWrapper() },
  );
  return { onAttach };
}

const trigger = () => screen.getByRole('button', { name: /^Chat server:/ });

/** Radix opens the menu on pointerdown, which jsdom's user-event does not model: open it by keyboard. */
async function openMenu() {
  trigger().focus();
  await userEvent.keyboard('{Enter}');
}

describe('ServerControls', () => {
  it("offers neither 'Configure Server' nor adding a server to a team's User, who still picks one", async () => {
    const { onAttach } = renderControls({ canManage: false, attachedId: 's1' });
    expect(screen.queryByRole('button', { name: 'Configure Server' })).toBeNull();
    await openMenu();
    const list = screen.getByRole('menu');
    expect(within(list).queryByRole('menuitem', { name: 'Add MCP Server Config' })).toBeNull();
    await userEvent.click(within(list).getByRole('menuitemradio', { name: /Files/ }));
    expect(onAttach).toHaveBeenCalledWith('s2');
  });

  it("shows 'No Server Connected' without a server", () => {
    renderControls();
    expect(trigger().textContent).toContain('No Server Connected');
    expect(screen.queryByText('Active')).toBeNull();
  });

  it("shows the attached server's name with an 'Active' badge while it runs", () => {
    renderControls({ attachedId: 's1' });
    expect(trigger().textContent).toContain('Everything');
    expect(within(trigger()).getByText('Active')).toBeTruthy();
    expect(screen.queryByText('No Server Connected')).toBeNull();
  });

  it('shows the status instead of the badge when the attached server does not run', () => {
    renderControls({ attachedId: 's2' });
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
    renderControls({ servers: serversState([RUNNING, IDLE, idle]), attachedId: 's3' });
    expect(trigger().textContent).toContain('Stopped (idle), starts when used');
    await openMenu();
    const list = screen.getByRole('menu');
    expect(within(list).getByRole('menuitemradio', { name: /Idle/ }).textContent).toContain(
      'Stopped (idle), starts when used',
    );
    expect(within(list).getByRole('menuitemradio', { name: /Files/ }).textContent).toContain('Disabled');
  });

  it('says when the attached server no longer exists', () => {
    renderControls({ attachedId: 'gone' });
    expect(trigger().textContent).toContain('Server removed');
  });

  it('picks another server for the chat', async () => {
    const { onAttach } = renderControls({ attachedId: 's1' });
    await openMenu();
    const list = screen.getByRole('menu');
    expect(within(list).getByRole('menuitem', { name: 'Add MCP Server Config' })).toBeTruthy();
    expect(
      within(list)
        .getByRole('menuitemradio', { name: /Everything/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await userEvent.click(within(list).getByRole('menuitemradio', { name: /Files/ }));
    expect(onAttach).toHaveBeenCalledWith('s2');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("takes the server off the chat with 'No server'", async () => {
    const { onAttach } = renderControls({ attachedId: 's1' });
    await openMenu();
    const none = within(screen.getByRole('menu')).getByRole('menuitemradio', {
      name: /No server/,
    });
    expect(none.getAttribute('aria-checked')).toBe('false');
    expect(none.hasAttribute('data-disabled')).toBe(false);
    await userEvent.click(none);
    expect(onAttach).toHaveBeenCalledWith(null);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("opens 'New Server Configuration' from 'Configure Server' without a server, and attaches the new one", async () => {
    const { onAttach } = renderControls();
    await userEvent.click(screen.getByRole('button', { name: 'Configure Server' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Server Configuration' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Fresh');
    await userEvent.type(within(dialog).getByLabelText('Package name'), 'some-mcp');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create server' }));
    await waitFor(() => expect(onAttach).toHaveBeenCalledWith('new-1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens 'Edit Server Configuration' for the attached server", async () => {
    renderControls({ attachedId: 's2' });
    await userEvent.click(screen.getByRole('button', { name: 'Configure Server' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Server Configuration' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Files');
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
