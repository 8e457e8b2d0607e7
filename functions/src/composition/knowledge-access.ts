import { KNOWLEDGE_MESSAGES, type KnowledgeSearchResult, type ModelSettings } from '@agentforge/shared';
import type { Caller } from '../domain/caller.js';
import type { KnowledgeSource } from '../domain/chat/ports.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../domain/errors.js';
import type { StoredCollection } from '../domain/knowledge/knowledge.js';
import type { SearchableCollection } from '../domain/knowledge/search.js';
import { can, teamOwnerId } from '../domain/teams/roles.js';
import { knowledgeReader, knowledgeReadOnlySearch } from './knowledge.js';
import { myTeamsReader, teamRoles } from './team-scope.js';

interface KnowledgeAccess {
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
 * (The knowledge routes, the chat's `search_knowledge` and the conversation's settings use it.)
 */
export async function collectionAccess(
  caller: Caller,
  collectionId: string,
  need: 'read' | 'manage',
): Promise<KnowledgeAccess & { collection: StoredCollection }> {
  const repository = knowledgeReader();
  const own = await repository.getCollection(caller.userId, collectionId);
  if (own) return { ownerId: caller.userId, userId: caller.userId, editable: true, collection: own };
  for (const teamId of await myTeamsReader().teamIdsOf(caller.userId)) {
    const collection = await repository.getCollection(teamOwnerId(teamId), collectionId);
    if (collection) return { ...(await teamAccess(caller, teamId, need)), collection };
  }
  throw new NotFoundError(KNOWLEDGE_MESSAGES.notFound);
}

/**
 * The collections of `collectionIds` the caller may read now, in order, once each: one they may
 * not (someone else's, deleted, a team they left) is left out, not an error (a conversation's
 * attached collections are searched with whatever is still readable).
 */
export async function readableCollections(
  caller: Caller,
  collectionIds: readonly string[],
): Promise<SearchableCollection[]> {
  const found = await Promise.all(
    [...new Set(collectionIds)].map((id) =>
      collectionAccess(caller, id, 'read').then(
        // Who searches: the caller (their keys, or their team's, embed the query).
        ({ ownerId, userId, teamId, collection }) => ({ ownerId, userId, teamId, collection }),
        (error: unknown) => {
          if (error instanceof NotFoundError) return undefined;
          throw error;
        },
      ),
    ),
  );
  return found.filter((collection) => collection !== undefined);
}

/** The chat's `search_knowledge` over a conversation's attached collections the caller may read. */
export const chatKnowledge: KnowledgeSource = {
  async searchFor(caller, collectionIds) {
    const collections = await readableCollections(caller, collectionIds);
    if (collections.length === 0) return undefined;
    return (query, limit) => knowledgeReadOnlySearch()(query, collections, limit);
  },
};

/**
 * The collections an automation may search: those the person can read, and for a team's
 * automation only the team's own (docs/decisions/knowledge.md, "Automations and agents").
 */
async function automationCollections(
  caller: Caller,
  collectionIds: readonly string[],
  teamId: string | undefined,
): Promise<SearchableCollection[]> {
  const readable = await readableCollections(caller, collectionIds);
  return teamId ? readable.filter(({ ownerId }) => ownerId === teamOwnerId(teamId)) : readable;
}

/** An automation's `search_knowledge` at run time, as the person it acts for; undefined with none readable. */
export async function automationKnowledge(
  caller: Caller,
  collectionIds: readonly string[],
  teamId: string | undefined,
): Promise<((query: string, limit: number) => Promise<KnowledgeSearchResult>) | undefined> {
  if (collectionIds.length === 0) return undefined;
  const collections = await automationCollections(caller, collectionIds, teamId);
  if (collections.length === 0) return undefined;
  return (query, limit) => knowledgeReadOnlySearch()(query, collections, limit);
}

/** An automation's save (POST and PUT): a collection it may not attach is refused (400), as not found. */
export async function checkAutomationAttachable(
  caller: Caller,
  collectionIds: readonly string[],
  teamId: string | undefined,
): Promise<void> {
  if (collectionIds.length === 0) return;
  const attachable = await automationCollections(caller, collectionIds, teamId);
  if (attachable.length < new Set(collectionIds).size) throw new ValidationError(KNOWLEDGE_MESSAGES.notFound);
}

/**
 * A conversation's settings attach only collections the caller may read (the conversations
 * routes check before they save): one they may not is refused (400), as not found.
 */
export async function checkAttachable(
  caller: Caller,
  settings: ModelSettings | null | undefined,
): Promise<void> {
  const collectionIds = settings?.collectionIds ?? [];
  if (collectionIds.length === 0) return;
  const readable = await readableCollections(caller, collectionIds);
  if (readable.length < new Set(collectionIds).size) throw new ValidationError(KNOWLEDGE_MESSAGES.notFound);
}
