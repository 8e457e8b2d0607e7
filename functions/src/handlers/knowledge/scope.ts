import { KNOWLEDGE_MESSAGES, MAX_ID_LENGTH } from '@agentforge/shared';
import * as z from 'zod';
import { knowledgeRepository } from '../../composition/knowledge.js';
import { myTeamsReader, teamRoles } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { ForbiddenError, NotFoundError } from '../../domain/errors.js';
import type { StoredCollection } from '../../domain/knowledge/knowledge.js';
import { can, teamOwnerId } from '../../domain/teams/roles.js';

const id = z.string().min(1).max(MAX_ID_LENGTH);
export const collectionParams = z.object({ id });
export const fileParams = z.object({ id, fileId: id });
export const chunkParams = z.object({
  id,
  fileId: id,
  chunkIndex: z.coerce.number().int().min(0).max(1_000_000),
});

export interface KnowledgeAccess {
  ownerId: string;
  userId: string;
  teamId?: string;
  editable: boolean;
}

/** A team's collections: its members read and search them, its Admins manage them; 404 for others. */
async function teamAccess(caller: Caller, teamId: string, need: 'read' | 'manage'): Promise<KnowledgeAccess> {
  const role = await teamRoles().roleIn(teamId, caller.userId);
  if (!role) throw new NotFoundError(KNOWLEDGE_MESSAGES.notFound);
  const editable = can({ role, isOwner: false }, 'manageKnowledge');
  if (need === 'manage' && !editable) throw new ForbiddenError(KNOWLEDGE_MESSAGES.adminsOnly);
  return { ownerId: teamOwnerId(teamId), userId: caller.userId, teamId, editable };
}

/** The space a list or a new collection is in: the caller's own, or with `teamId` the team's. */
export function spaceAccess(
  caller: Caller,
  teamId: string | undefined,
  need: 'read' | 'manage',
): Promise<KnowledgeAccess> {
  if (teamId) return teamAccess(caller, teamId, need);
  return Promise.resolve({ ownerId: caller.userId, userId: caller.userId, editable: true });
}

/**
 * Who may touch a collection named by id alone: its owner; a team's, its members read and search
 * it and its Admins change it (403 for a User who tries); everyone else 404, as if it did not
 * exist. Found by consistent reads of the caller's partition, then each of their teams'.
 */
export async function collectionAccess(
  caller: Caller,
  collectionId: string,
  need: 'read' | 'manage',
): Promise<KnowledgeAccess & { collection: StoredCollection }> {
  const repository = knowledgeRepository();
  const own = await repository.getCollection(caller.userId, collectionId);
  if (own) return { ownerId: caller.userId, userId: caller.userId, editable: true, collection: own };
  for (const teamId of await myTeamsReader().teamIdsOf(caller.userId)) {
    const collection = await repository.getCollection(teamOwnerId(teamId), collectionId);
    if (collection) return { ...(await teamAccess(caller, teamId, need)), collection };
  }
  throw new NotFoundError(KNOWLEDGE_MESSAGES.notFound);
}
