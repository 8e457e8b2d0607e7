import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../constants/limits';

/**
 * Several MCP servers in one chat (issue 30 item 3): a conversation lists the servers whose tools
 * its replies may use, in the order they were attached. Five keeps the tools offered on a turn to
 * what a model chooses among well (tool selection is issue 30 item 5).
 */
export const MAX_CHAT_SERVERS = 5;

export const CHAT_SERVER_MESSAGES = {
  tooMany: `A chat can use at most ${MAX_CHAT_SERVERS} servers`,
  listedTwice: 'A server is listed twice',
  /** The reply's first line when one of several servers could not be reached; the others' tools are offered. */
  unavailable: (name: string, reason: string) => `Server '${name}' is unavailable: ${reason}`,
  /** The chat's line while a reply waits for servers started on demand (their names from `connecting`). */
  starting: (names: readonly string[]) => {
    if (names.length === 0) return 'Starting the MCP server…';
    const quoted = names.map((name) => `'${name}'`);
    if (quoted.length === 1) return `Starting the MCP server ${quoted[0]}…`;
    return `Starting the MCP servers ${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}…`;
  },
} as const;

const serverIdSchema = z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH));

/** A conversation's servers (PUT /conversations/{id}'s `mcpServerIds`). */
export const chatServerIdsSchema = z.array(serverIdSchema).check(
  z.maxLength(MAX_CHAT_SERVERS, CHAT_SERVER_MESSAGES.tooMany),
  z.refine((ids) => new Set(ids).size === ids.length, CHAT_SERVER_MESSAGES.listedTwice),
);

export const splitServerIds = (value: string): string[] =>
  value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');

/** The stream's `mcpServerIds`: comma-separated ids (split with splitServerIds), checked as `chatServerIdsSchema`. */
export const serverIdsQueryField = z.string().check(
  z.maxLength(MAX_CHAT_SERVERS * (MAX_ID_LENGTH + 1) + 16),
  z.superRefine((value, ctx) => {
    const checked = chatServerIdsSchema.safeParse(splitServerIds(value));
    if (!checked.success)
      ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'Invalid servers' });
  }),
);

/**
 * A conversation's servers, whichever way it was written: records from before several servers
 * carry one `mcpServerId`, read as a one-element list (no migration: writes use `mcpServerIds`).
 */
export function chatServersOf(record: {
  mcpServerId?: string | undefined;
  mcpServerIds?: string[] | undefined;
}) {
  return record.mcpServerIds ?? (record.mcpServerId ? [record.mcpServerId] : []);
}
