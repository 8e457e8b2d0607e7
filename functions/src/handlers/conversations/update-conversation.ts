import { updateConversationBodySchema } from '@agentforge/shared';
import { conversationSharing } from '../../composition/conversation-sharing.js';
import { conversationService } from '../../composition/conversations.js';
import { checkAttachable } from '../../composition/knowledge-access.js';
import type { Caller } from '../../domain/caller.js';
import type { ShareChange } from '../../domain/conversations/conversation-sharing.js';
import { recordFor } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { conversationParams } from './params.js';

/**
 * Shares the caller's conversation with a team of theirs, or stops (null), and records it in the
 * caller's log and the team's chain (`conversation.shared` / `conversation.unshared`; a move from
 * one team to another is both). A refusal is recorded in the caller's own log only.
 */
async function share(caller: Caller, conversationId: string, teamId: string | null): Promise<void> {
  const target = `conversation:${conversationId}`;
  let change: ShareChange;
  try {
    change = await conversationSharing().setTeam(caller, conversationId, teamId);
  } catch (error) {
    await recordFor(caller, {
      action: teamId ? 'conversation.shared' : 'conversation.unshared',
      target,
      outcome: 'failure',
      details: { error: error instanceof Error ? error.name : 'Error' },
    });
    throw error;
  }
  const { previous, current } = change;
  const recorded = (action: 'conversation.shared' | 'conversation.unshared', team: string) =>
    recordFor(caller, { action, target, outcome: 'success', details: { teamId: team }, teamId: team });
  if (previous && previous !== current) await recorded('conversation.unshared', previous);
  if (current && current !== previous) await recorded('conversation.shared', current);
}

/**
 * PUT /conversations/{id}: metadata (default provider and model) and updatedAt; the author's only
 * (another person's conversation is 404, shared with them or not). `sharedWithTeamId` shares it
 * read-only with one of the author's teams, or stops sharing (null).
 */
export const handler = httpRoute(
  { params: conversationParams, body: updateConversationBodySchema },
  async ({ caller, params, body }) => {
    const { sharedWithTeamId, ...changes } = body;
    // The knowledge collections its settings attach: each one the caller may read.
    await checkAttachable(caller, changes.settings);
    if (sharedWithTeamId !== undefined) await share(caller, params.id, sharedWithTeamId);
    return ok(await conversationService().update(caller, params.id, changes));
  },
);
