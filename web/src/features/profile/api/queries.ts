import { queryOptions } from '@tanstack/react-query';
import { getProfile } from './profile';

export const profileKeys = { profile: () => ['profile'] as const };

/** GET /users/profile */
export const profileQuery = () =>
  queryOptions({ queryKey: profileKeys.profile(), queryFn: ({ signal }) => getProfile(signal) });
