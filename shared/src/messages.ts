export * from './messages/account';
export * from './messages/api';
export * from './messages/chat';
export * from './messages/identity';
export * from './messages/memory';
export * from './messages/teams';
export * from './messages/voice';
