import type { Conversation } from '@agentforge/shared';

/**
 * Router state of the link to /workspace: the conversation the user came from, to send code to;
 * the file to open first (an artifact's 'Open in workspace').
 */
export type WorkspaceLinkState = { conversation?: { id: string; title: string }; openPath?: string };

export function workspaceLinkState(conversation: Conversation | undefined): WorkspaceLinkState {
  return conversation
    ? { conversation: { id: conversation.id, title: conversation.title || conversation.name || 'Untitled' } }
    : {};
}

export function conversationFromState(state: unknown): WorkspaceLinkState['conversation'] | null {
  const conversation = (state as WorkspaceLinkState | null)?.conversation;
  return conversation && typeof conversation.id === 'string' && typeof conversation.title === 'string'
    ? conversation
    : null;
}

export function openPathFromState(state: unknown): string | null {
  const path = (state as WorkspaceLinkState | null)?.openPath;
  return typeof path === 'string' ? path : null;
}
