import { type ComponentProps, lazy, Suspense } from 'react';
import type { ConversationSettingsDialog as ConversationDialog } from './conversation-settings-dialog';
import type { NewChatSettingsDialog as NewChatDialog } from './new-chat-settings-dialog';

// The model settings' form (and its dialogs) load when first opened: /home's first paint goes without.
const loadConversationDialog = () => import('./conversation-settings-dialog');
const loadNewChatDialog = () => import('./new-chat-settings-dialog');
const ConversationDialogLazy = lazy(() =>
  loadConversationDialog().then((module) => ({ default: module.ConversationSettingsDialog })),
);
const NewChatDialogLazy = lazy(() =>
  loadNewChatDialog().then((module) => ({ default: module.NewChatSettingsDialog })),
);

/** Starts loading the settings dialogs (a 'Chat settings' or 'Model settings' about to be chosen). */
export function preloadSettingsDialogs(): void {
  void loadConversationDialog().catch(() => {});
  void loadNewChatDialog().catch(() => {});
}

/** The conversation's model settings dialog; nothing shows while its code loads (as the dialog's own panel). */
export function ConversationSettingsDialog(props: ComponentProps<typeof ConversationDialog>) {
  return (
    <Suspense fallback={null}>
      <ConversationDialogLazy {...props} />
    </Suspense>
  );
}

/** A new chat's model settings dialog, its code loaded on first open. */
export function NewChatSettingsDialog(props: ComponentProps<typeof NewChatDialog>) {
  return (
    <Suspense fallback={null}>
      <NewChatDialogLazy {...props} />
    </Suspense>
  );
}
