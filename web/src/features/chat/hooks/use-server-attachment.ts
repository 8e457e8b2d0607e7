import type { Conversation } from '@agentforge/shared';
import { type Dispatch, useCallback, useRef, useState } from 'react';
import { updateConversationServer } from '../api/conversations';
import type { ChatAction } from '../utils/chat-reducer';

/** The MCP server whose tools the chat shown uses, and how to change it (null: no server). */
export type ServerAttachment = {
  serverId: string | null;
  attach: (serverId: string | null) => void;
};

/**
 * The server of the selected conversation (its `mcpServerId`), or of the new chat. A conversation's
 * server changes at once and is saved on it (PUT /conversations/{id}); when that fails, the
 * previous server is put back and `onError` is told. The new chat's pick travels with its first
 * message (the stream's `mcpServerId`), which is when the API records it on the conversation.
 */
export function useServerAttachment(
  conversation: Conversation | undefined,
  dispatch: Dispatch<ChatAction>,
  onError: (error: unknown) => void,
): ServerAttachment {
  const [draft, setDraft] = useState<string | null>(null);
  // The latest save per conversation: only its failure may put the previous server back.
  const saves = useRef<Record<string, number>>({});
  const conversationId = conversation?.id;
  const metadata = conversation?.metadata;
  const stored = conversation?.mcpServerId ?? null;

  const attach = useCallback(
    (next: string | null) => {
      if (conversationId === undefined || metadata === undefined) return setDraft(next);
      if (next === stored) return;
      const show = (serverId: string | null) =>
        dispatch({
          type: 'conversation_updated',
          id: conversationId,
          patch: { mcpServerId: serverId ?? undefined },
        });
      const save = (saves.current[conversationId] ?? 0) + 1;
      saves.current[conversationId] = save;
      show(next);
      updateConversationServer(conversationId, metadata, next).catch((error: unknown) => {
        if (saves.current[conversationId] === save) show(stored);
        onError(error);
      });
    },
    [conversationId, metadata, stored, dispatch, onError],
  );

  return { serverId: conversationId === undefined ? draft : stored, attach };
}
