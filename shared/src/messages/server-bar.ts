/**
 * The servers' texts the chat shows from its first paint (the top bar's server menu, the servers'
 * switches); the rest (SERVER_MESSAGES: the configuration form, the cards, the API's refusals) loads
 * with what uses it.
 */
export const SERVER_BAR_MESSAGES = {
  /** The Servers view's and the top bar's button that opens the configuration modal (spec 2). */
  addServer: 'Add MCP Server Config',
  noServerConnected: 'No Server Connected',
  initializeFailed: 'Failed to initialize server',
  updateFailed: 'Failed to update server configuration',
} as const;
