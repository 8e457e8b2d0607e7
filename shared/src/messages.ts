// One module per area, so a page's chunks carry only the texts of the areas it uses.
export * from './messages/account';
export * from './messages/api';
export * from './messages/api-key';
export * from './messages/auth';
export * from './messages/auth-flow';
export * from './messages/billing';
export * from './messages/billing-requests';
export * from './messages/chat';
export * from './messages/identity';
export * from './messages/limits';
export * from './messages/memory';
export * from './messages/server-bar';
export * from './messages/servers';
export * from './messages/sharing';
export * from './messages/teams';
export * from './messages/toasts';
export * from './messages/voice';
