import { queryOptions } from '@tanstack/react-query';
import { fetchUserCheck } from './current-user';
import { listProviders } from './providers';

export const chatKeys = {
  providers: () => ['providers'] as const,
  currentUser: () => ['current-user'] as const,
};

/** GET /api-keys/providers: the providers and models the user can chat with now. */
export const providersQuery = () =>
  queryOptions({ queryKey: chatKeys.providers(), queryFn: ({ signal }) => listProviders(signal) });

/** GET /user: the current user. */
export const currentUserQuery = () =>
  queryOptions({ queryKey: chatKeys.currentUser(), queryFn: ({ signal }) => fetchUserCheck(signal) });
