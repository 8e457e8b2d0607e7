import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';

/** The route of the chat: one route (so moving between conversations never remounts the chat). */
export const CHAT_ROUTE_PATH = '/home/c?/:conversationId?';

/** The chat's path: `/home` for a new chat, `/home/c/{id}` for a conversation. */
export const conversationPath = (id: string | null) => (id ? `/home/c/${id}` : '/home');

/**
 * `flushSync`: the chat renders the new selection with the URL, not in a transition after it, so
 * what the user does next (a mode, a message) reaches the conversation they picked.
 */
type SelectOptions = { replace?: boolean; flushSync?: boolean };

/**
 * The conversation the URL names, and how to show another: the URL is the one source of the
 * selection, so reload, back/forward and a shared link open that conversation.
 */
export function useConversationRoute(): {
  selectedId: string | null;
  select: (id: string | null, options?: SelectOptions) => void;
} {
  const { conversationId } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const select = useCallback(
    (id: string | null, options?: SelectOptions) =>
      void navigate({ pathname: conversationPath(id), search }, options),
    [navigate, search],
  );
  return { selectedId: conversationId ?? null, select };
}
