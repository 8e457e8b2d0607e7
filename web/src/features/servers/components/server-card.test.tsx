import { SERVER_STATUSES, type ServerStatus } from '@agentforge/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { ServerView } from '../api/servers';
import { ServerCard, type ServerCardProps } from './server-card';

function server(patch: Partial<ServerView> = {}): ServerView {
  return {
    id: 's1',
    name: 'Everything',
    packageName: '@modelcontextprotocol/server-everything',
    idleTimeoutMinutes: 10,
    environmentVariables: {},
    status: 'defined',
    endpoint: '/mcp-external/s1',
    ...patch,
  };
}

function renderCard(props: Partial<ServerCardProps> = {}) {
  const handlers = {
    onToggle: vi.fn(),
    onEdit: vi.fn(),
    onConnect: vi.fn(),
    onDelete: vi.fn(),
    onAttach: vi.fn(),
    onDismissFailure: vi.fn(),
  };
  render(
    <ServerCard
      server={server()}
      endpointUrl="http://api.test/api/mcp-external/s1"
      pending={undefined}
      failure={undefined}
      attached={false}
      canManage
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

const card = () => screen.getByRole('article', { name: 'Everything' });
const toggle = () => screen.queryByRole('switch', { name: 'Enable Everything' });
const editButton = () => screen.getByRole('button', { name: 'Edit Everything' }) as HTMLButtonElement;
const deleteButton = () => screen.getByRole('button', { name: 'Delete Everything' }) as HTMLButtonElement;

describe('ServerCard', () => {
  it.each<[ServerStatus, string | undefined, string]>([
    ['enabled', 'running', 'Running'],
    ['enabled', 'error', 'Error'],
    ['enabled', 'stale', 'Not Responding'],
    ['provisioning', undefined, 'Provisioning...'],
    ['deprovisioning', undefined, 'Disabling...'],
    ['starting', undefined, 'Starting...'],
    ['disabled', undefined, 'Disabled'],
    ['defined', undefined, 'Defined'],
    ['error', undefined, 'Error'],
  ])('shows %s (health %s) as %s', (status, healthStatus, text) => {
    renderCard({
      server: server({ status, ...(healthStatus ? { healthStatus } : {}) } as Partial<ServerView>),
    });
    expect(within(card()).getByText(text)).toBeTruthy();
  });

  it("shows a server stopped for idleness as 'Stopped (idle)', starts when used, unlike one switched off", () => {
    renderCard({ server: server({ status: 'disabled', stoppedBy: 'idle' }) });
    expect(card().textContent).toContain('Stopped (idle)');
    expect(card().textContent).toContain('starts when used');
    expect(within(card()).queryByText('Disabled')).toBeNull();
    cleanup();
    renderCard({ server: server({ status: 'disabled', stoppedBy: 'owner' }) });
    expect(within(card()).getByText('Disabled')).toBeTruthy();
    expect(card().textContent).not.toContain('starts when used');
  });

  it("prefers the API's displayStatus", () => {
    renderCard({ server: server({ status: 'enabled', displayStatus: 'Health: warming' }) });
    expect(within(card()).getByText('Health: warming')).toBeTruthy();
  });

  it('shows the package, the idle timeout (5 when unset) and the endpoint', () => {
    renderCard({ server: server({ idleTimeoutMinutes: undefined }) });
    expect(screen.getByText('@modelcontextprotocol/server-everything')).toBeTruthy();
    expect(screen.getByText('5 min timeout')).toBeTruthy();
    expect(screen.getByText('http://api.test/api/mcp-external/s1')).toBeTruthy();
  });

  it('shows a remote server by its URL, with nothing to start or stop and no external access', () => {
    renderCard({
      server: server({
        kind: 'remote',
        packageName: '',
        url: 'https://mcp.example.com/mcp',
        displayStatus: 'Remote',
      }),
    });
    expect(screen.getByText('https://mcp.example.com/mcp')).toBeTruthy();
    expect(screen.getByText('Remote')).toBeTruthy();
    expect(screen.queryByText(/min timeout/)).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Connect Everything' })).toBeNull();
    expect(screen.queryByText('http://api.test/api/mcp-external/s1')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Everything' })).toBeTruthy();
  });

  it('shows the last error only in the error state', () => {
    renderCard({ server: server({ status: 'error', lastError: 'npm ERR! 404' }) });
    expect(screen.getByText('npm ERR! 404')).toBeTruthy();
    expect(screen.getByText('Last error')).toBeTruthy();
  });

  it('hides the last error in other states', () => {
    renderCard({ server: server({ status: 'disabled', lastError: 'npm ERR! 404' }) });
    expect(screen.queryByText('npm ERR! 404')).toBeNull();
  });

  it.each(SERVER_STATUSES)('applies the toggle, edit and delete rules to %s', (status) => {
    renderCard({ server: server({ status, ...(status === 'enabled' ? { healthStatus: 'running' } : {}) }) });
    const toggleable = ['enabled', 'defined', 'disabled', 'error'].includes(status);
    const transitional = ['provisioning', 'starting', 'deprovisioning'].includes(status);
    expect(toggle() !== null).toBe(toggleable);
    if (toggleable) {
      expect((toggle() as HTMLButtonElement).disabled).toBe(false);
      expect(toggle()?.getAttribute('aria-checked')).toBe(String(status === 'enabled'));
    }
    expect(editButton().disabled).toBe(!['defined', 'disabled', 'error'].includes(status));
    expect(deleteButton().disabled).toBe(transitional);
    expect(screen.queryByRole('progressbar') !== null).toBe(transitional);
  });

  it('disables the toggle, edit and delete while an action runs', () => {
    renderCard({ server: server({ status: 'disabled' }), pending: 'enable' });
    expect((toggle() as HTMLButtonElement).disabled).toBe(true);
    expect(toggle()?.getAttribute('aria-busy')).toBe('true');
    expect(editButton().disabled).toBe(true);
    expect(deleteButton().disabled).toBe(true);
  });

  it('toggles and edits through its callbacks', async () => {
    const handlers = renderCard({ server: server({ status: 'disabled' }) });
    await userEvent.click(toggle() as HTMLElement);
    expect(handlers.onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 's1' }));
    await userEvent.click(editButton());
    expect(handlers.onEdit).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Use in chat' }));
    expect(handlers.onAttach).toHaveBeenCalled();
  });

  it('asks before deleting, saying an enabled server is disabled first', async () => {
    const handlers = renderCard({ server: server({ status: 'enabled', healthStatus: 'running' }) });
    await userEvent.click(deleteButton());
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete server' });
    expect(
      within(confirm).getByText('Delete the server "Everything"? It is running and will be disabled first.'),
    ).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(handlers.onDelete).not.toHaveBeenCalled();

    await userEvent.click(deleteButton());
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(handlers.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 's1' }));
  });

  it('words the confirmation without the disabling for a server that is not enabled', async () => {
    renderCard({ server: server({ status: 'disabled' }) });
    await userEvent.click(deleteButton());
    expect(screen.getByText('Delete the server "Everything"?')).toBeTruthy();
  });

  it('shows a failed action with its reason, and marks the attached server', async () => {
    const handlers = renderCard({
      attached: true,
      failure: { title: 'Failed to initialize server', detail: 'Your plan runs at most 1 server at a time.' },
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Failed to initialize server')).toBeTruthy();
    expect(within(alert).getByText('Your plan runs at most 1 server at a time.')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(handlers.onDismissFailure).toHaveBeenCalledWith('s1');
    expect(screen.getByText('In this chat')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use in chat' })).toBeNull();
  });

  it("offers 'Upgrade Plan' when a plan limit refused the action", () => {
    render(
      <MemoryRouter>
        <ServerCard
          server={server()}
          endpointUrl="http://api.test/api/mcp-external/s1"
          pending={undefined}
          failure={{ title: 'Failed to initialize server', detail: 'At most 1 server.', planLimit: true }}
          attached={false}
          canManage
          onToggle={vi.fn()}
          onEdit={vi.fn()}
          onConnect={vi.fn()}
          onDelete={vi.fn()}
          onAttach={vi.fn()}
          onDismissFailure={vi.fn()}
        />
      </MemoryRouter>,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/pricing');
  });

  describe("for a team's User (canManage false)", () => {
    it.each(SERVER_STATUSES)(
      'shows no toggle, Edit, Connect or Delete, and says who manages it (%s)',
      (status) => {
        renderCard({ canManage: false, server: server({ status }) });
        expect(toggle()).toBeNull();
        for (const name of ['Edit Everything', 'Connect Everything', 'Delete Everything']) {
          expect(screen.queryByRole('button', { name })).toBeNull();
        }
        expect(within(card()).getByText("Managed by the team's Admins")).toBeTruthy();
        expect(within(card()).getByRole('button', { name: 'Use in chat' })).toBeTruthy();
      },
    );

    it.each<[ServerStatus, boolean]>([
      ['defined', true],
      ['disabled', true],
      ['error', true],
      ['enabled', false],
      ['provisioning', false],
      ['starting', false],
      ['deprovisioning', false],
    ])("offers 'Start' for a stopped server only (%s: %s)", (status, offered) => {
      renderCard({ canManage: false, server: server({ status }) });
      expect(screen.queryByRole('button', { name: 'Start Everything' }) !== null).toBe(offered);
    });

    it("starts the server through the toggle's callback, and waits while it starts", async () => {
      const handlers = renderCard({ canManage: false, server: server({ status: 'disabled' }) });
      const start = screen.getByRole('button', { name: 'Start Everything' }) as HTMLButtonElement;
      expect(start.textContent).toBe('Start');
      await userEvent.click(start);
      expect(handlers.onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 's1' }));
      cleanup();
      renderCard({ canManage: false, server: server({ status: 'disabled' }), pending: 'enable' });
      const busy = screen.getByRole('button', { name: 'Start Everything' }) as HTMLButtonElement;
      expect(busy.disabled).toBe(true);
      expect(busy.getAttribute('aria-busy')).toBe('true');
    });
  });
});
