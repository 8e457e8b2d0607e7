import type { ConversationRecord, ConversationRepository } from '../domain/conversations/conversation.js';
import type { MessageRecord, MessageRepository } from '../domain/conversations/message.js';

/** In-memory fakes of the conversation ports, for domain unit tests. */
export function inMemoryConversations(): ConversationRepository & {
  records: Map<string, ConversationRecord>;
} {
  const records = new Map<string, ConversationRecord>();
  const key = (userId: string, id: string) => `${userId}/${id}`;
  return {
    records,
    create: async (record) =>
      void records.set(key(record.userId, record.conversationId), structuredClone(record)),
    get: async (userId, id) => structuredClone(records.get(key(userId, id))),
    listByUser: async (userId) => [...records.values()].filter((r) => r.userId === userId),
    update: async (userId, id, changes) => {
      const record = records.get(key(userId, id));
      if (!record) return undefined;
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) delete (record as Record<string, unknown>)[name];
        else if (value !== undefined) (record as Record<string, unknown>)[name] = value;
      }
      return structuredClone(record);
    },
    retitle: async (userId, id, title, expected) => {
      const record = records.get(key(userId, id));
      if (record?.title !== expected) return false;
      Object.assign(record, { title, name: title });
      return true;
    },
    delete: async (userId, id) => void records.delete(key(userId, id)),
    findShared: async (teamId, id) =>
      structuredClone(
        [...records.values()].find((r) => r.conversationId === id && r.sharedWithTeamId === teamId),
      ),
    listSharedWith: async (teamId) =>
      [...records.values()].filter((r) => r.sharedWithTeamId === teamId).map((r) => structuredClone(r)),
  };
}

export function inMemoryMessages(): MessageRepository & { records: Map<string, MessageRecord> } {
  const records = new Map<string, MessageRecord>();
  const key = (conversationId: string, id: string) => `${conversationId}/${id}`;
  const of = (conversationId: string) =>
    [...records.values()]
      .filter((r) => r.conversationId === conversationId)
      .sort((a, b) => a.messageId.localeCompare(b.messageId));
  return {
    records,
    create: async (record) =>
      void records.set(key(record.conversationId, record.messageId), structuredClone(record)),
    get: async (conversationId, id) => structuredClone(records.get(key(conversationId, id))),
    listAll: async (conversationId) => of(conversationId),
    listTree: async (conversationId) =>
      of(conversationId).map(({ messageId, parentId }) => ({
        messageId,
        ...(parentId === undefined ? {} : { parentId }),
      })),
    getMany: async (conversationId, ids) =>
      ids.flatMap((id) => {
        const record = records.get(key(conversationId, id));
        return record ? [structuredClone(record)] : [];
      }),
    update: async (conversationId, id, changes) => {
      const record = records.get(key(conversationId, id));
      if (record) Object.assign(record, structuredClone(changes));
    },
    saveProgress: async (conversationId, id, changes) => {
      const record = records.get(key(conversationId, id));
      if (!record) return { status: 'gone' };
      if (record.status !== 'streaming') return { status: 'interrupted' };
      if (record.stopRequested) {
        return {
          status: 'stop-requested',
          ...(record.stopAt !== undefined ? { stopAt: record.stopAt } : {}),
        };
      }
      Object.assign(record, structuredClone(changes));
      return { status: 'saved' };
    },
    finish: async (conversationId, id, changes) => {
      const record = records.get(key(conversationId, id));
      if (record?.status !== 'streaming') return false;
      Object.assign(record, structuredClone(changes));
      delete record.leaseExpiresAt;
      delete record.leaseShard;
      delete record.reservations;
      return true;
    },
    requestStop: async (conversationId, id, shownChars) => {
      const record = records.get(key(conversationId, id));
      if (record) {
        record.stopRequested = true;
        if (shownChars !== undefined) record.stopAt = shownChars;
      }
    },
    claimApproval: async (conversationId, id, { toolCallId, decision, decidedAt, lease }) => {
      const record = records.get(key(conversationId, id));
      const approval = record?.toolApproval;
      if (
        record?.status !== 'complete' ||
        approval?.state !== 'pending' ||
        approval.toolCallId !== toolCallId
      ) {
        return false;
      }
      Object.assign(record, { status: 'streaming', ...structuredClone(lease) });
      Object.assign(approval, { state: decision, decidedAt });
      delete record.stopRequested;
      delete record.stopAt;
      return true;
    },
    deleteAll: async (conversationId) => {
      for (const record of of(conversationId)) records.delete(key(conversationId, record.messageId));
    },
  };
}
