import { errorMessage, type TeamDetail } from '@agentforge/shared';
import { Button } from '../../../components/ui/button';
import { useTeamAction } from '../api/queries';
import { teamCheckout, teamPortal } from '../api/teams';

/** The team's plan; Admins of a team on Free subscribe it to Teams (Stripe Checkout, one seat per member). */
export function TeamPlan({ detail, admin }: { detail: TeamDetail; admin: boolean }) {
  const teamId = detail.team.teamId;
  const checkout = useTeamAction(() => {
    const here = `${window.location.origin}/teams`;
    return teamCheckout(teamId, { successUrl: here, cancelUrl: here });
  });
  const portal = useTeamAction(() => teamPortal(teamId, `${window.location.origin}/teams`));
  const { plan } = detail;
  const paid = plan.tier !== 'free';
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <span>
        {paid
          ? `Plan: Teams, ${plan.seats} seat${plan.seats === 1 ? '' : 's'}${plan.status === 'active' ? '' : ` (${plan.status})`}${plan.cancelAtPeriodEnd ? ', ends at the period end' : ''}`
          : 'Plan: Free'}
      </span>
      {admin && !paid ? (
        <Button
          disabled={checkout.isPending}
          onClick={() =>
            checkout.mutate(undefined, {
              onSuccess: ({ url }) => window.location.assign(url),
            })
          }
        >
          Subscribe to Teams
        </Button>
      ) : null}
      {admin && paid ? (
        <Button
          disabled={portal.isPending}
          onClick={() => portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
        >
          Manage subscription
        </Button>
      ) : null}
      {(checkout.error ?? portal.error) ? (
        <span className="text-red-600">{errorMessage(checkout.error ?? portal.error)}</span>
      ) : null}
    </div>
  );
}
