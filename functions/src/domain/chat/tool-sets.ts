import type { ModelToolDefinition } from '../models/model-provider.js';
import type { ToolSet } from './ports.js';

/** Tool names every provider accepts (Anthropic, OpenAI, Gemini, Bedrock: 64 of [a-zA-Z0-9_-]). */
const MAX_TOOL_NAME = 64;
/** A server's part of a namespaced name: room is left for the tool's own name. */
const MAX_SLUG = 24;
const SEPARATOR = '__';

/** A server's name as the prefix of its tools' names: lower case, [a-z0-9_-] only. */
export function serverSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/[_-]+$/, '');
  return slug || 'server';
}

/** `base`, or with `_2`, `_3`… at its end (within the name limit) until it is not in `taken`. */
function unique(base: string, taken: Set<string>): string {
  let name = base.slice(0, MAX_TOOL_NAME);
  for (let n = 2; taken.has(name); n++) {
    const suffix = `_${n}`;
    name = `${base.slice(0, MAX_TOOL_NAME - suffix.length)}${suffix}`;
  }
  taken.add(name);
  return name;
}

/** A server asked for that cannot be used now: no tools, but its place in the names of the others'. */
export type UnusableServer = { serverId: string; serverName?: string };

const isToolSet = (server: ToolSet | UnusableServer): server is ToolSet => 'definitions' in server;

/**
 * The tools of several servers as one set (docs/decisions/mcp-servers.md, "Several servers in one
 * chat"). With one server its tools keep their names; with more, each is `<server-slug>__<tool>`,
 * so two servers' `search` do not collide. Servers whose names make the same slug, and names cut
 * to 64 characters, are told apart by `_2`, `_3`… in the order of `servers` (the conversation's
 * order), so a name means the same tool on every turn. An unusable server still counts for both
 * (a plan's step keeps naming its tool on the server it was planned on, whichever others fail).
 * Calls, approvals and 'never' stay each server's own.
 */
export function combineToolSets(servers: (ToolSet | UnusableServer)[]): ToolSet | undefined {
  const sets = servers.filter(isToolSet);
  const [first] = sets;
  if (!first) return undefined;
  if (servers.length === 1) {
    return {
      ...first,
      serverOf: (name) => ({
        serverId: first.serverId,
        ...(first.serverName ? { serverName: first.serverName } : {}),
        tool: name,
      }),
    };
  }
  const routes = new Map<string, { set: ToolSet; tool: string }>();
  const slugs = new Set<string>();
  const names = new Set<string>();
  const definitions: ModelToolDefinition[] = [];
  for (const server of servers) {
    const slug = unique(serverSlug(server.serverName || server.serverId), slugs);
    if (!isToolSet(server)) continue;
    const set = server;
    for (const tool of set.definitions) {
      const safeTool = tool.name.replace(/[^a-zA-Z0-9_-]/g, '_');
      const name = unique(`${slug}${SEPARATOR}${safeTool}`, names);
      routes.set(name, { set, tool: tool.name });
      const label = set.serverName || slug;
      definitions.push({
        ...tool,
        name,
        description: tool.description ? `[${label}] ${tool.description}` : `[${label}]`,
      });
    }
  }
  return {
    serverId: first.serverId,
    definitions,
    call(name, input, signal, onProgress) {
      const route = routes.get(name);
      if (!route) return Promise.resolve({ content: `Unknown tool: ${name}`, isError: true });
      return route.set.call(route.tool, input, signal, onProgress);
    },
    needsApproval(name) {
      const route = routes.get(name);
      return route?.set.needsApproval?.(route.tool) ?? false;
    },
    serverOf(name) {
      const route = routes.get(name);
      if (!route) return undefined;
      const { serverId, serverName } = route.set;
      return { serverId, ...(serverName ? { serverName } : {}), tool: route.tool };
    },
  };
}

const SERVER_NAME = Symbol('serverName');

/** `error`, marked with the name of the server whose start or connection failed (the reply names it). */
export function withServerName(error: unknown, serverName: string): unknown {
  if (error instanceof Error) Object.assign(error, { [SERVER_NAME]: serverName });
  return error;
}

export function serverNameOf(error: unknown): string | undefined {
  const name =
    error instanceof Error ? (error as Error & { [SERVER_NAME]?: unknown })[SERVER_NAME] : undefined;
  return typeof name === 'string' ? name : undefined;
}
