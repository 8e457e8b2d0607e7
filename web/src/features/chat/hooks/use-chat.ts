import { errorMessage, type ToolApprovalDecision } from '@agentforge/shared';
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { useToast } from '../../../components/toast/toast-provider';
import { useAgent } from '../../agent/hooks/use-agent';
import {
  deleteConversation,
  getConversation,
  importConversation,
  pinConversation,
  renameConversation,
} from '../api/conversations';
import { listAllMessages } from '../api/messages';
import { type ChatSnapshot, chatReducer, initialChatState, isBusy } from '../utils/chat-reducer';
import { useConversations, usePrefetchThread, useThread } from './use-conversation-data';
import { useConversationRoute } from './use-conversation-route';
import { useNewChatSettings } from './use-new-chat-settings';
import { useProviderSelection } from './use-provider-selection';
import type { ProvidersState } from './use-providers';
import { useSendMessage } from './use-send-message';
import { useServerAttachment } from './use-server-attachment';

export const EXPORT_FAILED = 'Failed to export the conversation';
export const IMPORT_FAILED = 'Failed to import the conversation';

/** The headline of the toast when a conversation could not be pinned or unpinned. */
export const PIN_FAILED = 'Failed to pin the conversation';

/** The headline of the toast when a conversation could not be renamed. */
export const RENAME_FAILED = 'Failed to rename the conversation';

/** The headline of the toast when the chat's server could not be changed. */
export const SERVER_CHANGE_FAILED = "Failed to change the chat's server";

/**
 * Everything the chat screen shows and does: conversations, the selected thread, its model and
 * MCP server, sending and stopping.
 */
export function useChat(
  providers: Pick<ProvidersState, 'status' | 'providers'>,
  { hasUser, canConfigureServer = true }: { hasUser: boolean; canConfigureServer?: boolean },
) {
  const [state, reduce] = useReducer(chatReducer, initialChatState);
  const { showToast } = useToast();
  const route = useConversationRoute();
  const { selectedId } = route;

  const list = useConversations(reduce, route);
  const { dispatch } = list;
  // The agent's runs are known after its hook (below): read when the thread asks.
  const agentStreaming = useRef(false);
  const chatStreaming = state.stream !== null;
  const thread = useThread(selectedId, () => chatStreaming || agentStreaming.current);
  const prefetch = usePrefetchThread();
  const snapshot: ChatSnapshot = { ...state, selectedId, loadingMessages: thread.loading };
  const latest = useRef(snapshot);
  latest.current = snapshot;

  const conversation = list.conversations.find((c) => c.id === selectedId);
  const selection = useProviderSelection(conversation, providers, dispatch);
  const reportServerError = useCallback(
    (error: unknown) =>
      showToast({ type: 'error', title: SERVER_CHANGE_FAILED, message: errorMessage(error) }),
    [showToast],
  );
  const server = useServerAttachment(conversation, dispatch, reportServerError);
  const [configuringServer, setConfiguringServer] = useState(false);
  const configureServer = useCallback(() => {
    if (canConfigureServer) setConfiguringServer(true);
  }, [canConfigureServer]);
  const closeServerConfig = useCallback(() => setConfiguringServer(false), []);
  const agent = useAgent({
    conversationId: selectedId,
    dispatch,
    chat: latest,
    serverIds: server.serverIds,
    onServerNeeded: configureServer,
  });
  agentStreaming.current = agent.streaming;
  const newChatSettings = useNewChatSettings(selectedId, hasUser);
  const {
    send,
    replay,
    showBranch,
    decide,
    stop: stopReply,
    notice,
    clearNotice,
    pendingFirst,
    retryFirst,
  } = useSendMessage({
    state: latest,
    dispatch,
    choice: selection.choice,
    serverIds: server.serverIds,
    hasUser,
    delegate: agent.delegate,
    defaultSettings: newChatSettings.forCreation,
  });
  const replayActions = useMemo(
    () => ({
      regenerate: (messageId: string) => void replay({ messageId }),
      edit: (messageId: string, content: string) => replay({ messageId, content }),
      decide: (messageId: string, toolCallId: string, decision: ToolApprovalDecision) =>
        void decide(messageId, toolCallId, decision),
      // Who may configure the space's servers may change their tool approvals (the API checks again).
      alwaysAllow: canConfigureServer,
    }),
    [replay, decide, canConfigureServer],
  );
  const { stop: stopAgent } = agent;
  const stop = useCallback(() => {
    if (!stopAgent()) stopReply();
  }, [stopAgent, stopReply]);

  const select = useCallback(
    (id: string | null) => {
      clearNotice();
      route.select(id, { flushSync: true });
    },
    [clearNotice, route.select],
  );

  const remove = useCallback(
    async (id: string) => {
      if (latest.current.stream?.conversationId === id) stop();
      try {
        await deleteConversation(id);
        dispatch({ type: 'conversation_removed', id });
      } catch (error) {
        showToast({ type: 'error', message: errorMessage(error) });
      }
    },
    [dispatch, showToast, stop],
  );

  /** Renames at once and saves it; when saving fails the old title comes back and a toast says why. */
  const rename = useCallback(
    async (id: string, title: string) => {
      const before = list.conversations.find((c) => c.id === id);
      const wanted = title.trim();
      if (!before || !wanted || wanted === before.title) return;
      dispatch({ type: 'conversation_updated', id, patch: { title: wanted, name: wanted } });
      try {
        await renameConversation(before, wanted);
      } catch (error) {
        dispatch({ type: 'conversation_updated', id, patch: { title: before.title, name: before.name } });
        showToast({ type: 'error', title: RENAME_FAILED, message: errorMessage(error) });
      }
    },
    [dispatch, list.conversations, showToast],
  );

  /** Pins or unpins at once and saves it; when saving fails the list is put back and a toast says why. */
  const togglePin = useCallback(
    async (id: string) => {
      const before = list.conversations.find((c) => c.id === id);
      if (!before) return;
      const pinned = before.pinnedAt === undefined;
      dispatch({ type: 'conversation_updated', id, patch: { pinnedAt: pinned ? Date.now() : undefined } });
      try {
        await pinConversation(before, pinned);
      } catch (error) {
        dispatch({ type: 'conversation_updated', id, patch: { pinnedAt: before.pinnedAt } });
        showToast({ type: 'error', title: PIN_FAILED, message: errorMessage(error) });
      }
    },
    [dispatch, list.conversations, showToast],
  );

  /**
   * Downloads the conversation as Markdown (the branch shown) or as JSON (every branch, each message
   * with its parent: it imports back as the same tree).
   */
  const exportConversation = useCallback(
    async (id: string, format: 'md' | 'json') => {
      try {
        // The export's and import's code loads on use (a chat's first paint goes without it).
        const [conversation, messages, { download, exportFileName, toJson, toMarkdown }] = await Promise.all([
          getConversation(id),
          listAllMessages(id, undefined, format === 'json' ? 'all' : 'shown'),
          import('../utils/conversation-file'),
        ]);
        const { olderMessagesCursor: _latestPageOnly, ...rest } = conversation;
        const full = { ...rest, messages };
        const text = format === 'md' ? toMarkdown(full) : toJson(full);
        download(exportFileName(full, format), text, format === 'md' ? 'text/markdown' : 'application/json');
      } catch (error) {
        showToast({ type: 'error', title: EXPORT_FAILED, message: errorMessage(error) });
      }
    },
    [showToast],
  );

  /** Reads a JSON export and makes it a new conversation of this user, then shows it. */
  const importFile = useCallback(
    async (file: File) => {
      try {
        const { importBodyOf } = await import('../utils/conversation-file');
        const conversation = await importConversation(importBodyOf(await file.text()));
        dispatch({ type: 'conversation_created', conversation, imported: true });
      } catch (error) {
        showToast({ type: 'error', title: IMPORT_FAILED, message: errorMessage(error) });
      }
    },
    [dispatch, showToast],
  );

  return {
    conversations: list.conversations,
    conversationsStatus: list.status,
    conversationsError: list.error,
    reloadConversations: list.reload,
    selectedId,
    /** The URL names a conversation the user does not have (unknown, deleted or someone else's). */
    missing: thread.notFound,
    conversation,
    // A new chat shows its first message while the conversation is being created.
    messages: selectedId === null && pendingFirst ? [pendingFirst.message] : thread.messages,
    /** Why a new chat's first message could not start its conversation, with 'Retry'. */
    firstFailed:
      selectedId === null && pendingFirst?.failed ? { reason: pendingFirst.failed, retry: retryFirst } : null,
    loadingMessages: thread.loading,
    /** The earlier pages of the conversation shown, loaded as the reader scrolls up. */
    olderMessages: thread.older,
    busy: isBusy(snapshot),
    /** The reply streaming in the selected conversation, if any. */
    stream: state.stream && state.stream.conversationId === selectedId ? state.stream : null,
    selection,
    /** The MCP server the chat shown uses. */
    server,
    /** A plan mode needs a server: the server configuration is open for one. */
    configuringServer,
    closeServerConfig,
    /** The mode tabs, the plan panel and the agent's settings. */
    agent,
    /** The settings a new chat starts with, settable before its first message. */
    newChatSettings,
    select,
    /** A conversation about to be opened: its latest messages are read ahead. */
    prefetch,
    rename,
    togglePin,
    exportConversation,
    importFile,
    remove,
    send,
    /** Regenerate or edit and resend; the direct chat only (a plan mode's turns are its plan's). */
    replayActions: agent.delegate ? null : replayActions,
    /** Another alternative of a message shown, with its branch ('< 2/3 >'). */
    showBranch,
    stop,
    notice,
    clearNotice,
  };
}
