export const CHAT_MESSAGES = {
  emptyMessage: 'Please enter a message.',
  /** Not in the spec: the API's limit on one message (MAX_MESSAGE_LENGTH). */
  messageTooLong: 'Message is too long (at most 100,000 characters).',
  missingUser: 'User information is missing. Cannot send message.',
  busy: 'Please wait for the current operation to complete.',
  /** Not in the spec: regenerate or edit while a later reply is still being written. */
  replyInProgress: 'Wait for the reply to finish, or stop it, first.',
  /** Not in the spec: only the user's own messages can be edited and resent. */
  onlyUserMessagesEditable: 'Only your own messages can be edited.',
  startGenerationFailed: 'Failed to start response generation.',
  loadMessagesFailed: (reason: string) => `Failed to load messages: ${reason}`,
  switchBranchFailed: (reason: string) => `Failed to show that alternative: ${reason}`,
  startChatFailed: (reason: string) => `Could not start chat: ${reason}`,
  /** Appended to a user message whose save failed. */
  saveMessageFailed: '[Error saving this message]',
  /** Appended to a streamed message when the user stops it. */
  streamingStopped: '[Streaming stopped]',
  /** Appended to a reply whose writer died mid-stream (its lease ran out): the text kept is what was saved. */
  replyInterrupted: '[Reply interrupted]',
  /** Appended to a streamed message when the stream fails. */
  streamError: (message: string) => `**Error:** ${message}`,
  toolError: (name: string, error?: string | null) =>
    `Error executing tool ${name}: ${error || 'Unknown error'}`,
  /** Not in the spec: a tool call still running when the user pressed Stop (it is cancelled on the server). */
  toolCallStopped: 'Stopped before it finished.',
  /** Not in the spec: a tool call stopped at the longest a tool call may run (MAX_TOOL_CALL_MINUTES). */
  toolCallTooLong: (limit: string) =>
    `The tool ran longer than ${limit}, the most a tool call may take, and was stopped.`,
  loadProvidersFailed: 'Failed to load available providers',
  noConversations: 'No conversations yet.',
  emptyLandingPrompt: 'Please enter a question or prompt first...',
  discardCodePrompt: 'Discard your prompt and close?',
  /** Not worded by the spec (the send-code dialog requires a non-empty prompt). */
  codePromptRequired: 'Please enter a prompt.',
} as const;

export const AGENT_MESSAGES = {
  setUpServerFirst: 'Please set up your MCP server first',
  noServerConfigured: 'No MCP server configured',
  proceedQuestion: 'Would you like to proceed with this step?',
} as const;

/** The chat header's button that opens the sharing dialog (SHARING_MESSAGES: the dialog's texts, loaded with it). */
export const SHARE_BUTTON_LABEL = 'Share with team';
