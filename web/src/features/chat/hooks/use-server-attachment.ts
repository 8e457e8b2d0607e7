import { type Conversation, MAX_CHAT_SERVERS } from '@agentforge/shared';
import { type Dispatch, useCallback, useRef, useState } from 'react';
import { updateConversationServers } from '../api/conversations';
import type { ChatAction } from '../utils/chat-reducer';

/** The MCP servers whose tools the chat shown uses (in the order attached), and how to change them. */
export type ServerAttachment = {
  serverIds: readonly string[];
  /** Attaches the server (last), or detaches it when attached; at most MAX_CHAT_SERVERS. */
  toggle: (serverId: string) => void;
  /** Attaches the server if it is not yet (a server just added, 'Attach' on its card). */
  attach: (serverId: string) => void;
  /** Detaches every server. */
  clear: () => void;
};

const NONE: readonly string[] = [];

/**
 * The servers of the selected conversation (its `mcpServerIds`), or of the new chat. A
 * conversation's servers change at once and are saved on it (PUT /conversations/{id}); when that
 * fails, the previous ones are put back and `onError` is told. The new chat's pick travels with its
 * first message (the stream's `mcpServerIds`), which is when the API records it on the conversation.
 */
export function useServerAttachment(
  conversation: Conversation | undefined,
  dispatch: Dispatch<ChatAction>,
  onError: (error: unknown) => void,
): ServerAttachment {
  const [draft, setDraft] = useState<readonly string[]>(NONE);
  // The latest save per conversation: only its failure may put the previous servers back.
  const saves = useRef<Record<string, number>>({});
  const conversationId = conversation?.id;
  const metadata = conversation?.metadata;
  const stored = conversation?.mcpServerIds ?? NONE;
  const current = conversationId === undefined ? draft : stored;

  const change = useCallback(
    (next: readonly string[]) => {
      if (conversationId === undefined || metadata === undefined) return setDraft(next);
      const show = (serverIds: readonly string[]) =>
        dispatch({
          type: 'conversation_updated',
          id: conversationId,
          patch: { mcpServerIds: serverIds.length ? [...serverIds] : undefined },
        });
      const save = (saves.current[conversationId] ?? 0) + 1;
      saves.current[conversationId] = save;
      show(next);
      updateConversationServers(conversationId, metadata, next).catch((error: unknown) => {
        if (saves.current[conversationId] === save) show(stored);
        onError(error);
      });
    },
    [conversationId, metadata, stored, dispatch, onError],
  );

  const toggle = useCallback(
    (serverId: string) => {
      if (current.includes(serverId)) return change(current.filter((id) => id !== serverId));
      if (current.length < MAX_CHAT_SERVERS) change([...current, serverId]);
    },
    [current, change],
  );
  const attach = useCallback(
    (serverId: string) => {
      if (!current.includes(serverId) && current.length < MAX_CHAT_SERVERS) change([...current, serverId]);
    },
    [current, change],
  );
  const clear = useCallback(() => {
    if (current.length) change(NONE);
  }, [current, change]);

  return { serverIds: current, toggle, attach, clear };
}
