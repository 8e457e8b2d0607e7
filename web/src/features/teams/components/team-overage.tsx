import {
  EXTRA_USAGE_NOTE,
  errorMessage,
  MAX_OVERAGE_CAP_USD,
  PLAN_LIMITS,
  type TeamUsage,
} from '@agentforge/shared';
import { type FormEvent, useState } from 'react';
import { FormBanner } from '../../../components/form/form-banner';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { useTeamAction } from '../api/queries';
import { setTeamOverageCap } from '../api/teams';

/**
 * Admins: this month's overage of the team space (billed to the team's subscription) and its cap,
 * which they set; past the cap, members' over-limit usage in the team space is refused.
 */
export function TeamOverage({ teamId, overage }: { teamId: string; overage: TeamUsage['overage'] }) {
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(overage.capUsd);
  const cap = Number(value);
  const valid = value !== '' && Number.isInteger(cap) && cap >= 0 && cap <= MAX_OVERAGE_CAP_USD;
  const save = useTeamAction(() => setTeamOverageCap(teamId, cap));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) save.mutate(undefined, { onSuccess: () => setDraft(null) });
  };
  return (
    <div className="mt-6 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Team overage</h3>
      <p className="mt-1 text-sm text-slate-600">
        Members' usage of the platform's models in the team space past{' '}
        {PLAN_LIMITS.teams.tokensPerDay.toLocaleString('en-US')} tokens a day each is billed to the team's
        subscription. {EXTRA_USAGE_NOTE} Past the cap, it is refused until next month.
      </p>
      <p className="mt-2 text-sm text-slate-900">
        This month: {overage.tokens.toLocaleString('en-US')} tokens (${overage.usd.toFixed(2)}) of the $
        {overage.capUsd} cap.
      </p>
      {save.error ? <FormBanner message={errorMessage(save.error)} /> : null}
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3" aria-label="Team overage cap">
        <div className="w-40">
          <TextField
            label="Monthly cap (USD)"
            type="number"
            min={0}
            max={MAX_OVERAGE_CAP_USD}
            step={1}
            inputMode="numeric"
            value={value}
            onChange={(event) => setDraft(event.target.value)}
            error={valid ? undefined : `A whole number of dollars from 0 to ${MAX_OVERAGE_CAP_USD}`}
            required
          />
        </div>
        <Button type="submit" variant="primary" disabled={!valid || save.isPending || draft === null}>
          {save.isPending ? 'Saving…' : 'Save cap'}
        </Button>
      </form>
      {save.isSuccess && draft === null ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Team overage cap saved.
        </p>
      ) : null}
    </div>
  );
}
