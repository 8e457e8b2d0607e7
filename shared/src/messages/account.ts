import { PRODUCT_NAME } from '../constants/product';

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
