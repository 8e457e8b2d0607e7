/** The full URL of a path under the API base (the API returns endpoints relative to it). */
export function apiUrlOf(apiBaseUrl: string, endpoint: string): string {
  return `${apiBaseUrl.replace(/\/+$/, '')}/${endpoint.replace(/^\/+/, '')}`;
}

/** A config key for the server: lower-case letters, digits and dashes. */
export function configKeyOf(name: string): string {
  const key = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return key || 'agentforge';
}

export type ClientKind = 'cursor' | 'claude';

export const CLIENT_LABELS: Readonly<Record<ClientKind, string>> = {
  cursor: 'Cursor',
  claude: 'Claude Desktop',
};

/**
 * The `mcpServers` entry an external client needs. Cursor speaks streamable HTTP with headers;
 * Claude Desktop's config starts local processes, so it reaches the URL through `mcp-remote`.
 */
export function clientConfigOf(kind: ClientKind, name: string, url: string, token: string): string {
  const key = configKeyOf(name);
  const server =
    kind === 'cursor'
      ? { url, headers: { Authorization: `Bearer ${token}` } }
      : { command: 'npx', args: ['-y', 'mcp-remote', url, '--header', `Authorization: Bearer ${token}`] };
  return JSON.stringify({ mcpServers: { [key]: server } }, null, 2);
}
