import { useMutation, useQuery } from '@tanstack/react-query';
import { FormBanner } from '../../../components/form/form-banner';
import { Spinner } from '../../../components/spinner';
import { Button } from '../../../components/ui/button';
import { createAuthorizeUrl } from '../api/github';
import { githubLinkQuery, useGithubMutations } from '../api/queries';
import { storePendingLink } from '../utils/oauth-state';

/** Leaves for GitHub's authorize page (a full navigation, as OAuth needs). */
const goTo = (url: string) => window.location.assign(url);

/**
 * Settings' linked accounts: GitHub, with the linked username and 'Disconnect', or 'Connect
 * GitHub', which asks the server for a state (kept in session storage for the callback, with the
 * server page to return to) and goes to GitHub's authorize page.
 */
export function LinkedAccounts({ targetAppId }: { targetAppId?: string }) {
  const link = useQuery(githubLinkQuery());
  const { unlink } = useGithubMutations();
  const connect = useMutation({
    mutationFn: () => createAuthorizeUrl(targetAppId),
    onSuccess: ({ url, state }) => {
      storePendingLink(state, targetAppId);
      goTo(url);
    },
  });
  const error = link.error ?? connect.error ?? unlink.error;

  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      {error ? <FormBanner message={error.message} /> : null}
      {link.isPending ? <Spinner /> : null}
      {link.data ? (
        <div className="flex items-center justify-between gap-3">
          <div>
            <p className="text-sm font-semibold text-slate-900">GitHub</p>
            <p className="text-xs text-slate-600">
              {link.data.linked ? `Connected as ${link.data.username}` : 'Not connected'}
            </p>
          </div>
          {link.data.linked ? (
            <Button size="sm" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
              {unlink.isPending ? 'Disconnecting...' : 'Disconnect'}
            </Button>
          ) : (
            <Button
              variant="strong"
              size="sm"
              disabled={connect.isPending || connect.isSuccess}
              onClick={() => connect.mutate()}
            >
              {connect.isPending || connect.isSuccess ? 'Connecting...' : 'Connect GitHub'}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
