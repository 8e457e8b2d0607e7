import { CHAT_SERVER_MESSAGES, providerAcceptsImages, type StreamStatus } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { NotFoundScreen } from '../../../components/not-found-screen';
import { Button } from '../../../components/ui/button';
import { AutoRunSwitch } from '../../agent/components/auto-run-switch';
import { PlanPanel, preloadPlanPanel } from '../../agent/components/lazy-plan-panel';
import { loadVoice, useSpeechEngine, voiceCommands } from '../../voice/lazy-voice';
import { sharedConversationPath } from '../api/conversations';
import { sharedConversationQuery } from '../api/queries';
import { useChat } from '../hooks/use-chat';
import { useChatLayout } from '../hooks/use-chat-layout';
import { useHandedOverMessage } from '../hooks/use-handed-over-message';
import type { ProvidersState } from '../hooks/use-providers';
import type { ServerAttachment } from '../hooks/use-server-attachment';
import { useShortcuts } from '../hooks/use-shortcuts';
import { isTempMessageId } from '../utils/chat-reducer';
import { ChatInput } from './chat-input';
import { ChatSettingsButton } from './chat-settings-button';
import { EmptyChat } from './empty-chat';
import { ConversationView } from './lazy-conversation-view';
import { ModeTabs } from './mode-tabs';
import { ProviderPicker } from './provider-picker';
import { ShareButton } from './share-button';
import { Sidebar, type SidebarView } from './sidebar';
import { TopBar } from './top-bar';

// '?' opens the shortcuts' list: its code loads then.
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
);

type ChatScreenProps = {
  providers: ProvidersState;
  email: string | null;
  /** The signed-in user is known (else sending reports it). */
  hasUser: boolean;
  onOpenSettings: () => void;
  /** 'Subscription & Usage' (the sidebar's Subscription button). */
  onOpenSubscription?: () => void;
  onSignOut: () => void;
  signingOut: boolean;
  /** The sidebar's Servers view (with it, the sidebar gets its Chats/Servers toggle). */
  serversView?: (server: ServerAttachment) => ReactNode;
  /** The top bar's server part; by default 'No Server Connected'. */
  serverControls?: (server: ServerAttachment) => ReactNode;
  /** The status of the reply being generated, null once none is. */
  onStreamStatus?: (status: StreamStatus | null) => void;
  /**
   * The server configuration modal, opened when a plan mode needs a server; without it (a team's
   * User, who cannot add one) the chat only says a server is needed.
   */
  serverConfig?: (server: ServerAttachment, onClose: () => void) => ReactNode;
};

/** The empty chat's line in a plan mode. */
export const GOAL_HINT = 'Describe a goal: the agent plans the steps and asks you before each one.';
/** The input's placeholder while a step waits for 'Yes, proceed'. */
export const REPLY_HINT = "Type 'yes' to proceed";

/** Under a new chat's first message when its conversation could not be created (the notice says why). */
export const FIRST_MESSAGE_NOT_SENT = 'Not sent.';

/** The chat of /home: sidebar, top bar, mode tabs, messages and the input. */
export function ChatScreen({
  providers,
  email,
  hasUser,
  onOpenSettings,
  onOpenSubscription,
  onSignOut,
  signingOut,
  serversView,
  serverControls,
  onStreamStatus,
  serverConfig,
}: ChatScreenProps) {
  const chat = useChat(providers, { hasUser, canConfigureServer: serverConfig !== undefined });
  const layout = useChatLayout();
  const [sidebarView, setSidebarView] = useState<SidebarView>('chats');
  // The input's 'Switch model' opens the model picker.
  const [pickerOpen, setPickerOpen] = useState(false);
  const [showingShortcuts, setShowingShortcuts] = useState(false);
  useSpeechEngine(hasUser);
  const newChat = () => {
    chat.select(null);
    layout.setDrawerOpen(false);
    layout.focusComposer();
  };
  useShortcuts({
    newChat,
    search: () => {
      setSidebarView('chats');
      layout.focusSearch();
    },
    focusInput: layout.focusComposer,
    toggleSidebar: layout.toggleSidebar,
    dictate: () => voiceCommands.dispatchEvent(new Event('dictate')),
    readAloud: () => void loadVoice().then((voice) => voice.readLatest(chat.messages)),
    showShortcuts: () => setShowingShortcuts(true),
  });
  const streamStatus = chat.stream?.status ?? null;
  const reportStatus = useRef(onStreamStatus);
  reportStatus.current = onStreamStatus;
  const reportedStatus = useRef<StreamStatus | null>(null);
  useEffect(() => {
    if (reportedStatus.current === streamStatus) return;
    reportedStatus.current = streamStatus;
    reportStatus.current?.(streamStatus);
  }, [streamStatus]);
  // 'Send Code to Chat' from the workspace arrives here to be sent.
  useHandedOverMessage(
    chat.send,
    hasUser && chat.selection.choice !== null && !chat.busy && !chat.loadingMessages,
  );
  const noProvider = providers.status === 'ready' && chat.selection.choice === null;
  // After the reply has started, 'connecting' means its MCP server is being started on demand.
  const activity =
    chat.stream &&
    streamStatus === 'connecting' &&
    chat.server.serverIds.length > 0 &&
    !isTempMessageId(chat.stream.messageId)
      ? {
          messageId: chat.stream.messageId,
          label: CHAT_SERVER_MESSAGES.starting(chat.stream.startingServers ?? []),
        }
      : null;
  const empty = chat.messages.length === 0 && !chat.loadingMessages;
  const { agent } = chat;
  const planMode = agent.mode !== 'direct';
  // A plan's panel is about to be needed: its code loads now (a direct chat goes without it).
  useEffect(() => {
    if (planMode) preloadPlanPanel();
  }, [planMode]);
  // Only the author's own conversations are in the list, so only they get 'Share with team'.
  const selected = chat.conversations.find((conversation) => conversation.id === chat.selectedId);
  // Not in the caller's list: perhaps shared with their team (GET /conversations/{id} says by whom).
  const notMine =
    chat.selectedId !== null && !selected && chat.conversationsStatus === 'ready' && !chat.missing;
  const sharedCheck = useQuery({ ...sharedConversationQuery(chat.selectedId ?? ''), enabled: notMine });
  if (chat.missing) return <NotFoundScreen />;
  // A conversation shared with the caller's team, not theirs: its page is the read-only one.
  if (notMine && sharedCheck.data?.sharedView) {
    return <Navigate to={sharedConversationPath(sharedCheck.data.id)} replace />;
  }

  return (
    <div className="flex h-dvh overflow-hidden bg-white text-slate-900">
      {/* The skip link: a button, as its target is a field to focus, not a place to scroll to. */}
      <button
        type="button"
        onClick={layout.focusComposer}
        className="sr-only z-50 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-indigo-700 shadow-lg ring-2 ring-indigo-600 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to the message box
      </button>
      {layout.drawerOpen ? (
        <button
          type="button"
          aria-label="Close sidebar"
          onClick={() => layout.setDrawerOpen(false)}
          className="theme-light fixed inset-0 z-30 bg-slate-900/30 md:hidden"
        />
      ) : null}
      <aside
        ref={layout.sidebar}
        className={`fixed inset-y-0 left-0 z-40 w-72 shrink-0 border-r border-slate-200 bg-slate-50 transition-[translate,visibility] md:static md:translate-x-0 ${
          layout.drawerOpen ? 'translate-x-0' : '-translate-x-full max-md:invisible'
        } ${layout.columnHidden ? 'md:hidden' : ''}`}
      >
        <Sidebar
          conversations={chat.conversations}
          status={chat.conversationsStatus}
          error={chat.conversationsError}
          onRetry={chat.reloadConversations}
          selectedId={chat.selectedId}
          onSelect={(id) => {
            if (id === null) return newChat();
            chat.select(id);
            layout.setDrawerOpen(false);
          }}
          onPrefetch={chat.prefetch}
          onRename={(id, title) => void chat.rename(id, title)}
          onTogglePin={(id) => void chat.togglePin(id)}
          onExport={(id, format) => void chat.exportConversation(id, format)}
          onImport={(file) => void chat.importFile(file)}
          onDelete={(id) => void chat.remove(id)}
          email={email}
          onOpenSettings={onOpenSettings}
          {...(onOpenSubscription ? { onOpenSubscription } : {})}
          onOpenShortcuts={() => setShowingShortcuts(true)}
          view={sidebarView}
          onViewChange={setSidebarView}
          {...(serversView ? { servers: serversView(chat.server) } : {})}
        />
      </aside>
      <main className="flex min-w-0 flex-1 flex-col">
        <TopBar
          onOpenSidebar={layout.showSidebar}
          sidebarHidden={layout.columnHidden}
          onLogout={onSignOut}
          signingOut={signingOut}
          server={serverControls?.(chat.server)}
          share={selected ? <ShareButton conversation={selected} /> : null}
          picker={
            <ProviderPicker
              status={providers.status}
              providers={providers.providers}
              choice={chat.selection.choice}
              onChoose={chat.selection.choose}
              onRetry={providers.reload}
              onAddProvider={onOpenSettings}
              open={pickerOpen}
              onOpenChange={setPickerOpen}
            />
          }
        />
        <ModeTabs
          mode={agent.mode}
          onModeChange={agent.setMode}
          aside={planMode ? <AutoRunSwitch checked={agent.autoRun} onChange={agent.setAutoRun} /> : null}
        >
          {empty ? (
            <EmptyChat
              hint={
                noProvider
                  ? 'Add an API key or a custom endpoint in Settings to start chatting.'
                  : planMode
                    ? GOAL_HINT
                    : undefined
              }
            />
          ) : (
            <ConversationView
              conversationId={chat.selectedId}
              messages={chat.messages}
              loading={chat.loadingMessages}
              older={chat.olderMessages}
              activity={activity}
              replay={chat.busy || !chat.selection.choice ? null : chat.replayActions}
              onShowBranch={chat.busy ? null : chat.showBranch}
            />
          )}
          {chat.firstFailed ? (
            <div className="mx-auto flex w-full max-w-3xl items-center justify-end gap-2 px-4 pb-2 sm:px-6">
              <p className="text-sm text-red-700">{FIRST_MESSAGE_NOT_SENT}</p>
              <Button size="sm" onClick={chat.firstFailed.retry}>
                Retry
              </Button>
            </div>
          ) : null}
          {agent.panel ? (
            // Room above the panel's bottom for 'Stop Generating', which floats over the input.
            <div className={chat.stream ? 'pb-10' : ''}>
              <PlanPanel state={agent.panel} />
            </div>
          ) : null}
          <div ref={layout.composer} className="contents">
            <ChatInput
              placeholder={agent.panel?.asking.length ? REPLY_HINT : planMode ? 'Describe a goal' : undefined}
              onSend={chat.send}
              blocked={chat.busy || chat.selection.choice === null}
              streaming={chat.stream !== null}
              onStop={chat.stop}
              notice={chat.notice}
              onEdit={chat.clearNotice}
              attachments={{
                conversationId: chat.selectedId,
                acceptsImages: providerAcceptsImages(chat.selection.choice?.provider ?? ''),
                onSwitchModel: () => setPickerOpen(true),
              }}
              documents={
                !planMode &&
                Boolean((selected ? selected.settings : chat.newChatSettings.chosen)?.collectionIds?.length)
              }
              tools={
                selected || chat.selectedId === null ? (
                  <ChatSettingsButton
                    conversation={selected ?? null}
                    newChat={chat.newChatSettings}
                    provider={chat.selection.choice?.provider}
                  />
                ) : null
              }
            />
          </div>
        </ModeTabs>
      </main>
      {chat.configuringServer ? serverConfig?.(chat.server, chat.closeServerConfig) : null}
      {showingShortcuts ? (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={() => setShowingShortcuts(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
