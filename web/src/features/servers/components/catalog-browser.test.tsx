import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeHttp, json, type SeenRequest } from '../../../testing/fake-http';
import { renderAsMember, teamSummary } from '../../../testing/teams-fixture';
import { setSpaceTeamId } from '../../teams/utils/space';
import { useServers } from '../hooks/use-servers';
import { ADD_UNAVAILABLE } from './catalog-browser';
import { ServersView } from './servers-view';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const http = installFakeHttp();
afterEach(() => setSpaceTeamId(undefined));

const EVERYTHING = {
  name: 'io.github.modelcontextprotocol/server-everything',
  title: 'Everything',
  description: 'The MCP reference test server.',
  packages: [{ registryType: 'npm', identifier: '@modelcontextprotocol/server-everything' }],
};
const SEARCH = {
  name: 'io.github.modelcontextprotocol/server-brave-search',
  title: 'Brave Search',
  description: 'Web search through the Brave Search API.',
  packages: [
    {
      registryType: 'npm',
      identifier: '@modelcontextprotocol/server-brave-search',
      environmentVariables: [
        { name: 'BRAVE_API_KEY', isRequired: true, isSecret: true, description: 'A Brave Search API key' },
        { name: 'BRAVE_REGION', isRequired: false },
      ],
    },
  ],
};
const NOTION = {
  name: 'com.notion/mcp',
  title: 'Notion',
  description: 'Pages and databases.',
  remotes: [{ type: 'streamable-http', url: 'https://mcp.notion.com/mcp' }],
};

function Harness({ canManage = true }: { canManage?: boolean }) {
  return (
    <ServersView servers={useServers()} attachedIds={[]} onAttach={() => undefined} canManage={canManage} />
  );
}

/** The API: no servers yet, the catalog, and POST /mcp-servers creating what it is sent. */
function givenApi() {
  const servers: unknown[] = [];
  http.answer('GET', /^\/teams$/, { teams: [teamSummary('admin')] });
  http.answer('GET', /^\/mcp\/catalog$/, { entries: [EVERYTHING, SEARCH, NOTION] });
  http.answer('GET', /^\/mcp-servers$/, () => json(servers));
  http.answer('POST', /^\/mcp-servers$/, ({ body }: SeenRequest) => {
    const {
      name,
      packageName = '',
      url,
      idleTimeoutMinutes,
      environmentVariables = {},
    } = body as {
      name: string;
      packageName?: string;
      url?: string;
      idleTimeoutMinutes: number;
      environmentVariables?: Record<string, string>;
    };
    const masked = Object.fromEntries(Object.keys(environmentVariables).map((key) => [key, '••••••••']));
    const server = {
      id: `s${servers.length + 1}`,
      name,
      packageName,
      ...(url ? { kind: 'remote', url } : {}),
      idleTimeoutMinutes,
      environmentVariables: masked,
      status: 'defined',
    };
    servers.push(server);
    return json(server, 201);
  });
}

async function openBrowse() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Browse' }));
  return screen.findByRole('list', { name: 'Catalog' });
}

const entry = (name: string) => screen.getByRole('article', { name });

describe('Browse (the MCP server catalog)', () => {
  it('lists the entries with what each runs and needs, and searches names and descriptions', async () => {
    givenApi();
    renderAsMember(<Harness />);
    const list = await openBrowse();
    expect(
      within(list)
        .getAllByRole('article')
        .map((card) => card.querySelector('h3')?.textContent),
    ).toEqual(['Everything', 'Brave Search', 'Notion']);
    expect(within(entry('Brave Search')).getByText('@modelcontextprotocol/server-brave-search')).toBeTruthy();
    expect(entry('Brave Search').textContent).toContain('NeedsBRAVE_API_KEY (secret)');
    expect(within(entry('Brave Search')).queryByText(/BRAVE_REGION/)).toBeNull();
    expect(within(entry('Notion')).getByText('https://mcp.notion.com/mcp')).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the catalog' }), 'web SEARCH');
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('1 server');
    await userEvent.type(screen.getByRole('searchbox'), ' nothing');
    expect(screen.getByText('No server in the catalog matches “web SEARCH nothing”.')).toBeTruthy();
  });

  it('adds an entry that needs nothing in one click, then shows it in the list, focused', async () => {
    givenApi();
    renderAsMember(<Harness />);
    await openBrowse();
    await userEvent.click(within(entry('Everything')).getByRole('button', { name: 'Add Everything' }));
    const list = await screen.findByRole('region', { name: 'MCP servers' });
    await within(list).findByRole('article', { name: 'Everything' });
    expect(within(list).getByRole('status').textContent).toContain('Added “Everything”.');
    expect(document.activeElement).toBe(list);
    expect(http.seen('POST', /^\/mcp-servers$/)[0]?.body).toEqual({
      name: 'Everything',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 30,
      environmentVariables: {},
    });
  });

  it('asks for exactly the required values (a secret as a password field) before adding', async () => {
    givenApi();
    renderAsMember(<Harness />);
    await openBrowse();
    await userEvent.click(within(entry('Brave Search')).getByRole('button', { name: 'Add Brave Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Brave Search' });
    const key = within(dialog).getByLabelText('BRAVE_API_KEY') as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(document.activeElement).toBe(key);
    expect(within(dialog).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(dialog).queryByLabelText('BRAVE_REGION')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add server' }));
    expect(within(dialog).getByText('BRAVE_API_KEY is required')).toBeTruthy();
    expect(http.seen('POST', /^\/mcp-servers$/)).toHaveLength(0);

    await userEvent.type(key, 'bsk-secret-value');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add server' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = await screen.findByRole('region', { name: 'MCP servers' });
    await within(list).findByRole('article', { name: 'Brave Search' });
    expect(http.seen('POST', /^\/mcp-servers$/)[0]?.body).toMatchObject({
      environmentVariables: { BRAVE_API_KEY: 'bsk-secret-value' },
    });
  });

  it('adds a remote entry in one click as a remote server at its URL', async () => {
    givenApi();
    renderAsMember(<Harness />);
    await openBrowse();
    await userEvent.click(within(entry('Notion')).getByRole('button', { name: 'Add Notion' }));
    const list = await screen.findByRole('region', { name: 'MCP servers' });
    await within(list).findByRole('article', { name: 'Notion' });
    expect(http.seen('POST', /^\/mcp-servers$/)[0]?.body).toMatchObject({
      name: 'Notion',
      url: 'https://mcp.notion.com/mcp',
    });
    expect(screen.queryByText(ADD_UNAVAILABLE)).toBeNull();
  });

  it("adds to the team in a team's space (the space's query), and shows the team's Users no Add", async () => {
    givenApi();
    setSpaceTeamId('t1');
    const { unmount } = renderAsMember(<Harness />);
    await openBrowse();
    await userEvent.click(within(entry('Everything')).getByRole('button', { name: 'Add Everything' }));
    await waitFor(() => expect(http.seen('POST', /^\/mcp-servers$/)).toHaveLength(1));
    expect(http.seen('POST', /^\/mcp-servers$/)[0]?.url.searchParams.get('teamId')).toBe('t1');
    unmount();

    renderAsMember(<Harness canManage={false} />);
    await openBrowse();
    expect(within(entry('Everything')).queryByRole('button')).toBeNull();
    expect(screen.getByText("Managed by the team's Admins")).toBeTruthy();
  });

  it('says why the catalog could not be read, with Retry', async () => {
    http.answer('GET', /^\/teams$/, { teams: [] });
    http.answer('GET', /^\/mcp-servers$/, []);
    http.answer('GET', /^\/mcp\/catalog$/, json({ message: 'Service unavailable' }, 503));
    renderAsMember(<Harness />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Browse' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Service unavailable');
    http.answer('GET', /^\/mcp\/catalog$/, { entries: [EVERYTHING] });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('article', { name: 'Everything' });
  });
});
