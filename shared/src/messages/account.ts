import { PRODUCT_NAME } from '../constants/product';

export const SERVER_MESSAGES = {
  /** The Servers view's and the top bar's button that opens the configuration modal (spec 2). */
  addServer: 'Add MCP Server Config',
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
  initializeFailed: 'Failed to initialize server',
  updateFailed: 'Failed to update server configuration',
  noServerConnected: 'No Server Connected',
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

export const SUBSCRIPTION_MESSAGES = {
  loadFailed: 'Failed to load subscription data. Please try again.',
  checkoutFailed: 'Failed to create checkout session. Please try again.',
  cancelFailed: 'Failed to cancel subscription. Please try again.',
  loadUsageFailed: 'Failed to load usage data',
  cancelConfirmation:
    'Are you sure you want to cancel your subscription? You will still have access until the end of your billing period.',
  cancellationPending: 'Cancellation Pending',
  fetchSubscriptionError: (statusText: string) => `Error fetching subscription: ${statusText}`,
  fetchPlansError: (statusText: string) => `Error fetching plans: ${statusText}`,
  createCheckoutError: (statusText: string) => `Error creating checkout session: ${statusText}`,
  cancelSubscriptionError: (statusText: string) => `Error cancelling subscription: ${statusText}`,
  /** Not worded by the spec: the API's refusals (400/404/409 `message`). */
  checkoutFreeRefused: 'Free needs no checkout: it is the plan you are on without a subscription.',
  checkoutEnterpriseRefused: 'Enterprise is contact-only: contact us to set up an Enterprise plan.',
  alreadySubscribed: 'You already have a subscription. Change or cancel it in Subscription & Usage.',
  /** Not worded by the spec: two checkouts paid one after the other (docs/decisions/billing.md, Hardening 4). */
  onePlanAtATime:
    'One plan at a time: if two checkouts are paid, the later one replaces the earlier, whose unused time is credited to your account.',
  urlNotOnAppOrigin: "The return URLs must be on this app's own origin.",
  noSubscription: 'You have no paid subscription.',
  noBillingAccount: 'You have no billing account yet: subscribe to a plan first.',
  trialOffer: (days: number) => `Your first ${days} days of Pro are free.`,
  trialEnds: (date: string) => `Your free trial ends on ${date}.`,
} as const;

/**
 * Plan limits, enforced by the server before work starts. A refusal carries the code
 * `PLAN_LIMIT_ERROR_CODE` (stream `error` events and API errors), so the app can offer 'Upgrade Plan'.
 */
export const PLAN_LIMIT_ERROR_CODE = 'plan_limit';
export const LIMIT_MESSAGES = {
  dailyTokens: (limit: number, plan: string) =>
    `You have used today's ${limit.toLocaleString('en-US')} tokens of the ${plan} plan. Upgrade your plan for more, or try again tomorrow (the allowance resets at 00:00 UTC).`,
  overageCap: (capUsd: number) =>
    `You have reached this month's overage cap of $${capUsd}. Raise the cap in Subscription & Usage, or wait for the next month.`,
  /** The same refusal in a team space: the team's cap, which its Admins set on the Teams page. */
  teamOverageCap: (capUsd: number) =>
    `Your team has reached this month's overage cap of $${capUsd}. A team Admin can raise the cap on the Teams page, or wait for the next month.`,
  promptTooLarge: (limit: number, plan: string) =>
    `This conversation is too long for one request on the ${plan} plan (at most ${limit.toLocaleString('en-US')} tokens). Start a new chat or upgrade your plan.`,
  monthlyCompute: (hours: number, plan: string) =>
    `You have used this month's ${hours} compute hours of the ${plan} plan. Upgrade your plan to run servers longer.`,
} as const;

export const GITHUB_MESSAGES = {
  authorizationFailed: (error: string, description?: string | null) =>
    `GitHub authorization failed: ${error} - ${description || 'No description'}`,
  noCode: 'Authorization failed: No code received from GitHub.',
  noState: 'Authorization failed: No state parameter received from GitHub.',
  noStoredState: 'OAuth state mismatch: No state found in session storage.',
  stateMismatch: 'OAuth state mismatch: Security check failed.',
  connectionFailedTitle: 'GitHub Connection Failed',
  // Not in the spec's texts: the progress message and the success toast of the callback.
  connecting: 'Connecting your GitHub account...',
  connectedTitle: 'GitHub Connected',
  connectedAs: (username: string) => `Your GitHub account ${username} is linked.`,
} as const;

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  companyNameRequired: 'Company Name is required',
  companySizeRequired: 'Select a company size',
  roleRequired: 'Role is required',
  created: 'Profile created successfully!',
  fetchUserFailed: 'Failed to fetch user information. Please log in again.',
  authFailedToast: 'Authentication failed. Please log in again.',
  authFailedInline: 'Authentication failed. Please log in again to continue.',
  updateFailed: (message: string) => `User update failed: ${message}`,
  saveFailedDefault: 'User information cannot be saved.',
  logoutFailed: 'An error occurred during logout. Please try again.',
} as const;

export const ONBOARDING_MESSAGES = {
  roleRequired: 'Please select your role',
  customRoleRequired: 'Please specify your role',
  teamSizeRequired: 'Please select your team size',
  invalidEmail: 'Please enter a valid email address',
  challengeTooShort: `Please tell us what you want to build with ${PRODUCT_NAME}.`,
  submitFailed: 'Failed to submit your information. Please try again.',
} as const;

/** Not worded by the spec: the waitlist, the access gate, the profile page and account deletion. */
export const ACCOUNT_MESSAGES = {
  waitlisted:
    "You are on the waitlist: we will e-mail you as soon as your account is admitted. Until then the product's features are not available.",
  waitlistTitle: "You're on the waitlist",
  waitlistBody: (email: string) =>
    `Thanks for telling us about yourself. We will e-mail ${email} as soon as a place opens up.`,
  waitlistSaved: 'Thanks, we have noted it.',
  inviteCodeInvalid: 'That invite code is not valid.',
  inviteCodeThrottled: (minutes: number) =>
    `Too many wrong invite codes. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  admittedSubject: `You're in: welcome to ${PRODUCT_NAME}`,
  admittedText: (appUrl: string) =>
    `Good news: your ${PRODUCT_NAME} account has been admitted from the waitlist. Sign in at ${appUrl} to start building.`,
  profileSaved: 'Profile saved.',
  profileLoadFailed: 'Failed to load your profile.',
  deleteTitle: 'Delete your account?',
  deleteDescription:
    'This deletes your conversations, MCP servers (they are stopped), API keys, files, usage and sign-in for good. It cannot be undone.',
  deleteConfirmLabel: (email: string) => `Type ${email} to confirm`,
  deleteConfirmMismatch: 'Type your e-mail address exactly to confirm.',
  deleteFailed: 'Failed to delete your account. Please try again.',
  cancelSubscriptionFirst:
    'You have a paid subscription that still renews. Cancel it in Subscription & Usage first, then delete your account.',
  deleted: 'Your account has been deleted.',
  deletionNotFound: 'Your account has no deletion under way.',
  deletionInProgress: 'Deleting your account. This can take a few minutes; you can keep this page open.',
  deletionStepLabels: {
    teams: 'Teams',
    servers: 'MCP servers',
    conversations: 'Conversations and files',
    github: 'GitHub link',
    data: 'Keys, usage and settings',
    'sign-in': 'Sign-in',
    tombstone: 'Sessions signed out',
  },
  deletionFailed: (step: string, reason: string) => `Deleting your account stopped at "${step}": ${reason}`,
  transferOwnershipFirst: (team: string) =>
    `You own the team "${team}", which has other members. Transfer ownership first (Teams), then delete your account.`,
  cancelTeamSubscriptionFirst: (team: string) =>
    `Your team "${team}" has a subscription that still renews. Cancel it in the team's billing first, then delete your account.`,
} as const;

/** Not worded by the spec: the API key form and validation messages. */
export const API_KEY_MESSAGES = {
  apiKeyRequired: 'An API key is required for this provider',
  baseUrlRequired: 'A base URL is required for a custom provider',
  invalidBaseUrl: 'Enter a valid http(s) URL',
} as const;
