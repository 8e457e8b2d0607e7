import { SERVER_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../caller.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { listRemoteTools } from './remote-tools.js';

const caller = { userId: 'u1' } as Caller;
const failing = (error: unknown) => async () => {
  throw error;
};

describe('listRemoteTools', () => {
  it('keeps what an approval needs of each tool: name, description, read-only hint', async () => {
    const connect = async () => ({
      listTools: async () => [
        { name: 'read', description: 'Reads', inputSchema: {}, annotations: { readOnlyHint: true } },
        { name: 'write', inputSchema: { type: 'object' } },
      ],
      callTool: async () => ({ content: '', isError: false }),
    });
    expect(await listRemoteTools(connect, caller, 's1')).toEqual([
      { name: 'read', description: 'Reads', annotations: { readOnlyHint: true } },
      { name: 'write' },
    ]);
  });

  it("says what the dialog's user can do when the server asks for authorization, and why it is unreachable", async () => {
    await expect(
      listRemoteTools(failing(new ConflictError(SERVER_MESSAGES.remoteNeedsAuthorization)), caller, 's1'),
    ).rejects.toThrow(new ConflictError(SERVER_MESSAGES.remoteToolsNeedAuthorization));
    await expect(
      listRemoteTools(failing(new ConflictError(SERVER_MESSAGES.remoteNeedsReconnect)), caller, 's1'),
    ).rejects.toThrow(SERVER_MESSAGES.remoteToolsNeedReconnect);
    await expect(listRemoteTools(failing(new TypeError('fetch failed')), caller, 's1')).rejects.toMatchObject(
      {
        code: 'UPSTREAM_ERROR',
        message: 'The server could not be reached: fetch failed',
      },
    );
    // Not the caller's (or not remote): as the API says it.
    await expect(
      listRemoteTools(failing(new NotFoundError('MCP server not found')), caller, 's1'),
    ).rejects.toThrow(NotFoundError);
  });
});
