/** The MCP servers' texts: the configuration form, the cards, the chat's server menu, the OAuth connection. */
export const SERVER_MESSAGES = {
  /** Not worded by the spec: the configuration form's required-field and idle-timeout messages. */
  nameRequired: 'Name is required',
  packageNameRequired: 'Package name is required',
  invalidPackageName: 'Enter an npm package name, e.g. @modelcontextprotocol/server-everything',
  idleTimeoutTooSmall: 'Idle timeout must be at least 1 minute',
  idleTimeoutNotWhole: 'Idle timeout must be a whole number of minutes',
  /** Not worded by the spec: an environment variable's name. */
  envNameInvalid:
    'A variable name uses only letters, digits and underscores, and does not start with a digit',
  envNameTooLong: (max: number) => `A variable name may be at most ${max} characters`,
  envNameReserved: '__proto__ cannot be a variable name',
  saveFailed: 'Failed to save server configuration',
  /** Not worded by the spec: a chat's server its owner turned off is not started behind their back. */
  disabledByOwner: (name: string) =>
    `The server "${name}" is disabled. Enable it in the Servers view to use its tools, or take it off this chat.`,
  /** Not worded by the spec: a team User's Servers view (the team's Admins add, edit and stop servers). */
  managedByTeamAdmins: "Managed by the team's Admins",
  teamServersEmpty: "The team's Admins add its servers. Once they do, they show here, ready for your chats.",
  /** Not worded by the spec, which only says an enabled server is disabled first. */
  deleteConfirmation: (name: string, enabled: boolean) =>
    enabled
      ? `Delete the server "${name}"? It is running and will be disabled first.`
      : `Delete the server "${name}"?`,
  /** Not worded by the spec: what a team server's shared values really are (hardening 4). */
  sharedValuesWarning: 'Members who use this server can read these values through its tools',
  memberVariableLabel: 'Each member supplies their own',
  /** Not worded by the spec: a member of a server with per-member values who has not given theirs. */
  memberValuesNeeded: (names: readonly string[]) =>
    `This server needs your own value for ${names.join(', ')}. Enter it under 'Your values' on the server, then start it again.`,
  memberValuesRequired: (names: readonly string[]) => `Enter your value for ${names.join(', ')}.`,
  memberValuesOnlyForTeams: 'Only a team server can have values each member supplies.',
  noMemberVariables: 'This server has no values each member supplies.',
  unknownMemberVariable: (name: string) => `${name} is not a value members supply on this server.`,
  /** Not worded by the spec: a remote server (issue 30 item 1). */
  remoteUrlInvalid: "Enter the server's URL, e.g. https://mcp.example.com/mcp",
  remoteUrlHttpsOnly: "A remote server's URL must use https (http only for localhost on the local stack).",
  packageOrUrl: 'Give either a package name or a server URL, not both',
  headerNameInvalid: 'A header name uses only letters, digits and - _ . (e.g. X-API-Key)',
  headerReserved: (name: string) => `${name} is set by the MCP client: it cannot be a static header`,
  headerValueInvalid: 'A header value must be on one line',
  memberValuesOnlyForPackages: 'Only a hosted package can have values each member supplies.',
  remoteNeedsAuthorization:
    "The remote server asks to be authorized: choose 'Connect' on its card in Servers, then send your message again.",
  remoteNeedsReconnect:
    "The remote server's authorization has ended: choose 'Reconnect' on its card in Servers, then send your message again.",
  remoteOAuthStateRefused:
    'This authorization is unknown, already used or expired. Choose Connect on the server card again.',
  remoteOAuthCodeRefused:
    'The remote server did not accept the authorization. Choose Connect on the server card again.',
  remoteOAuthUnavailable:
    'The remote server does not say how to authorize with it (no OAuth metadata). Give it an API key as a header if it takes one.',
  remoteOAuthClientRequired:
    "This server's authorization server does not register AgentForge itself: register an app there with the redirect URI below, then enter the client ID (and secret) it gives you.",
  remoteOAuthOnlyRemote: 'Only a remote server connects with OAuth.',
  remoteOAuthRedirectInvalid: 'The authorization must come back to this app.',
  remoteHasNoRun: 'A remote server runs elsewhere: there is nothing to start or stop.',
  /** The tool-approvals dialog, when a remote server's tools cannot be listed. */
  remoteToolsNeedAuthorization: "Choose 'Connect' on this server's card to list its tools.",
  remoteToolsNeedReconnect:
    "This server's authorization has ended: choose 'Reconnect' on its card to list its tools.",
  remoteToolsUnreachable: (reason: string) => `The server could not be reached: ${reason}`,
} as const;

/**
 * The code of the OAuth start's refusal when the authorization server registers no clients itself
 * (no RFC 7591, or it refused): the server card then asks for the user's own client ID.
 */
export const OAUTH_CLIENT_REQUIRED_ERROR_CODE = 'oauth_client_required';
