import {
  type Conversation,
  conversationOrder,
  MAX_MESSAGE_PAGE_SIZE,
  type Message,
  TEAM_MESSAGES,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { NotFoundError } from '../errors.js';
import type { ConversationRecord, ConversationRepository } from './conversation.js';
import { shownPage } from './conversation-messages.js';
import { CONVERSATION_NOT_FOUND, toConversation } from './conversation-service.js';
import type { MessagePageOptions, MessageRepository } from './message.js';

/** What sharing reads of teams, from our own records (consistently, on every call). */
export interface SharingTeams {
  /** "My teams" (confirmed with `member` before anything is granted). */
  teamIdsOf(userId: string): Promise<string[]>;
  /** A current member's e-mail; undefined for anyone else (a removed member included). */
  member(teamId: string, userId: string): Promise<{ email: string } | undefined>;
  teamName(teamId: string): Promise<string | undefined>;
}

export interface ConversationSharingDeps {
  conversations: ConversationRepository;
  messages: MessageRepository;
  teams: SharingTeams;
  now: () => number;
}

export type SharedView = NonNullable<Conversation['sharedView']>;

/** What a share or unshare changed: the team it was shared with before, and after. */
export interface ShareChange {
  previous?: string;
  current?: string;
}

/**
 * A conversation as a team member (not its author) reads it: its title and messages, never the
 * author's settings (system prompt), attached server or pin.
 */
function forReader(
  record: ConversationRecord,
  view: SharedView,
): ConversationRecord & { sharedView: SharedView } {
  const {
    settings: _settings,
    mcpServerId: _server,
    mcpServerIds: _servers,
    pinnedAt: _pinned,
    ...rest
  } = record;
  return { ...rest, sharedView: view };
}

/** What a team member reads of a page: the branch shown, without the other alternatives' ids. */
function onlyShown<P extends { messages: Message[] }>(page: P, view: SharedView | undefined): P {
  if (!view) return page;
  return { ...page, messages: page.messages.map(({ siblingIds: _others, ...message }) => message) };
}

/**
 * Read-only sharing of a conversation with one team (docs/decisions/teams.md, Teams): the author shares
 * with a team they are a member of, or stops; a current member of that team reads it (the
 * conversation, its messages and attachments) while the author is a member too. Every write stays
 * the author's (the conversation service's `owned`).
 */
export function createConversationSharing({ conversations, messages, teams, now }: ConversationSharingDeps) {
  /** The reader's view of `record` shared with `teamId`, if the reader and the author are members now. */
  async function viewFor(caller: Caller, teamId: string, authorId: string): Promise<SharedView | undefined> {
    const [reader, author, teamName] = await Promise.all([
      teams.member(teamId, caller.userId),
      teams.member(teamId, authorId),
      teams.teamName(teamId),
    ]);
    return reader && author && teamName !== undefined
      ? { teamId, teamName, authorEmail: author.email }
      : undefined;
  }

  /** The caller's own conversation, else one shared with a team of theirs; else 404. */
  async function readable(
    caller: Caller,
    conversationId: string,
  ): Promise<{ record: ConversationRecord; view?: SharedView }> {
    const own = await conversations.get(caller.userId, conversationId);
    if (own) return { record: own };
    for (const teamId of await teams.teamIdsOf(caller.userId)) {
      const record = await conversations.findShared(teamId, conversationId);
      if (!record) continue;
      const view = await viewFor(caller, teamId, record.userId);
      if (view) return { record, view };
    }
    throw new NotFoundError(CONVERSATION_NOT_FOUND);
  }

  return {
    readable,

    /**
     * The conversation with its latest page of messages (oldest first), never all of them: a whole
     * long conversation would pass Lambda's 6 MB response limit. `olderMessagesCursor` pages back
     * through GET /conversations/{id}/messages?order=newest. Both show the branch the author shows.
     */
    async get(caller: Caller, conversationId: string): Promise<Conversation> {
      const { record, view } = await readable(caller, conversationId);
      const latest = onlyShown(
        await shownPage(messages, record, { limit: MAX_MESSAGE_PAGE_SIZE, order: 'newest' }),
        view,
      );
      const conversation = {
        ...toConversation(view ? forReader(record, view) : record),
        messages: latest.messages.toReversed(),
      };
      return latest.nextCursor ? { ...conversation, olderMessagesCursor: latest.nextCursor } : conversation;
    },

    /** A team member reads the branch the author shows, never the others. */
    async listMessages(caller: Caller, conversationId: string, page: MessagePageOptions) {
      const { record, view } = await readable(caller, conversationId);
      return onlyShown(await shownPage(messages, record, view ? { ...page, branches: 'shown' } : page), view);
    },

    /** The conversations shared with a team, for its members (404 for anyone else), newest first. */
    async listShared(caller: Caller, teamId: string): Promise<Conversation[]> {
      if (!(await teams.member(teamId, caller.userId))) throw new NotFoundError(TEAM_MESSAGES.notFound);
      const [records, teamName] = await Promise.all([
        conversations.listSharedWith(teamId),
        teams.teamName(teamId),
      ]);
      if (teamName === undefined) throw new NotFoundError(TEAM_MESSAGES.notFound);
      // An author who left the team no longer shares with it.
      const authorIds = [...new Set(records.map((r) => r.userId))];
      const authors = new Map(
        await Promise.all(
          authorIds.map(
            async (authorId) => [authorId, (await teams.member(teamId, authorId))?.email] as const,
          ),
        ),
      );
      return records
        .flatMap((record) => {
          const authorEmail = authors.get(record.userId);
          return authorEmail ? [forReader(record, { teamId, teamName, authorEmail })] : [];
        })
        .sort(conversationOrder)
        .map((record) => toConversation(record));
    },

    /**
     * Shares the caller's conversation with `teamId` (a team they are a member of; 404 otherwise),
     * or stops sharing (null). Another person's conversation is 404, shared with them or not.
     */
    async setTeam(caller: Caller, conversationId: string, teamId: string | null): Promise<ShareChange> {
      const own = await conversations.get(caller.userId, conversationId);
      if (!own) throw new NotFoundError(CONVERSATION_NOT_FOUND);
      if (teamId && !(await teams.member(teamId, caller.userId))) {
        throw new NotFoundError(TEAM_MESSAGES.shareTeamNotFound);
      }
      const previous = own.sharedWithTeamId;
      const current = teamId ?? undefined;
      if (previous === current) return { previous, current };
      const updated = await conversations.update(
        caller.userId,
        conversationId,
        teamId ? { sharedWithTeamId: teamId, sharedAt: now() } : { sharedWithTeamId: null, sharedAt: null },
      );
      if (!updated) throw new NotFoundError(CONVERSATION_NOT_FOUND);
      return { previous, current };
    },
  };
}
export type ConversationSharing = ReturnType<typeof createConversationSharing>;
