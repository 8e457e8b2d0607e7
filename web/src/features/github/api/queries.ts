import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { exchangeCode, getGithubLink, unlinkGithub } from './github';

export const githubKeys = { link: () => ['github', 'link'] as const };

/** GET /github/link */
export const githubLinkQuery = () =>
  queryOptions({ queryKey: githubKeys.link(), queryFn: ({ signal }) => getGithubLink(signal) });

/** The link's mutations; the link status is refetched after each. */
export function useGithubMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: githubKeys.link() });
  return {
    exchange: useMutation({ mutationFn: exchangeCode, onSuccess }),
    unlink: useMutation({ mutationFn: unlinkGithub, onSuccess }),
  };
}
