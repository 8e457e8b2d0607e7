/**
 * The entries of a server list as the MCP Registry's API gives it (`{servers: [{server, _meta}]}`)
 * or as a plain array of server.json objects (an operator's file may be either). Entries the
 * registry marks other than active (deprecated, deleted) are left out.
 */
export function serverJsonItems(raw: unknown): unknown {
  const list = Array.isArray(raw) ? raw : (raw as { servers?: unknown } | null)?.servers;
  if (!Array.isArray(list)) return raw;
  return list.flatMap((item) => {
    if (typeof item !== 'object' || item === null || !('server' in item)) return [item];
    const status = (item as { _meta?: Record<string, { status?: unknown } | undefined> })._meta?.[
      'io.modelcontextprotocol.registry/official'
    ]?.status;
    return status === undefined || status === 'active' ? [(item as { server: unknown }).server] : [];
  });
}
