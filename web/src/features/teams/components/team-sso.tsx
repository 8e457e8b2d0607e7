import { errorMessage } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormBanner } from '../../../components/form/form-banner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useTeamAction } from '../api/queries';
import { deleteTeamSso, teamSsoQuery } from '../api/team-sso';
import { SsoDomains } from './sso-domains';
import { SsoProviderForm } from './sso-provider-form';

/** Admins: the team's single sign-on (issue 34): the company's identity provider and its verified domains. */
export function TeamSso({ teamId }: { teamId: string }) {
  const sso = useQuery(teamSsoQuery(teamId));
  const remove = useTeamAction(() => deleteTeamSso(teamId));
  const saved = sso.data ?? null;
  const error = sso.error ?? remove.error;
  return (
    <Card asChild>
      <section aria-labelledby="team-sso">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="team-sso" className="text-lg font-semibold text-slate-900">
            Single sign-on
          </h2>
          {saved ? (
            <Badge tone={saved.active ? 'success' : 'neutral'}>
              {saved.active ? 'Active' : 'Not active yet'}
            </Badge>
          ) : null}
        </div>
        <p className="mt-1 text-sm text-slate-500">
          Members sign in with your company&apos;s identity provider and join as Users. It becomes active once
          a domain is verified.
        </p>
        {error ? <FormBanner message={errorMessage(error)} /> : null}
        {sso.isPending ? null : (
          <SsoProviderForm key={saved ? saved.providerName : 'new'} teamId={teamId} saved={saved} />
        )}
        {saved ? <SsoDomains teamId={teamId} sso={saved} /> : null}
        {saved ? (
          <div className="mt-4">
            <ConfirmDialog
              trigger={
                <Button variant="danger" disabled={remove.isPending}>
                  Remove single sign-on
                </Button>
              }
              title="Remove single sign-on?"
              description="Members can no longer sign in with the company's identity provider; its domains are released."
              confirmLabel="Remove single sign-on"
              onConfirm={() => remove.mutate(undefined)}
            />
          </div>
        ) : null}
      </section>
    </Card>
  );
}
