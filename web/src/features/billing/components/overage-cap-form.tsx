import { EXTRA_USAGE_NOTE, MAX_OVERAGE_CAP_USD } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { usageHistoryQuery, useSubscriptionMutations } from '../api/queries';
import { BillingError } from './billing-error';

/** A paid plan's monthly overage cap (USD): tokens past the allowance stop there. */
export function OverageCapForm() {
  const { data } = useQuery(usageHistoryQuery());
  const { overageCap } = useSubscriptionMutations();
  const [draft, setDraft] = useState<string | null>(null);
  const current = data?.overage.capUsd;
  const value = draft ?? (current === undefined ? '' : String(current));
  const cap = Number(value);
  const valid = value !== '' && Number.isInteger(cap) && cap >= 0 && cap <= MAX_OVERAGE_CAP_USD;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    overageCap.mutate(cap, { onSuccess: () => setDraft(null) });
  };

  return (
    <form onSubmit={submit} className="space-y-2">
      <p className="text-sm text-slate-600">{EXTRA_USAGE_NOTE}</p>
      <div className="flex items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Monthly overage cap (USD)
          <input
            type="number"
            min={0}
            max={MAX_OVERAGE_CAP_USD}
            step={1}
            inputMode="numeric"
            value={value}
            onChange={(event) => setDraft(event.target.value)}
            className="w-32 rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
          />
        </label>
        <button
          type="submit"
          disabled={!valid || overageCap.isPending || draft === null}
          className="rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white transition hover:bg-slate-800 disabled:opacity-50"
        >
          {overageCap.isPending ? 'Saving...' : 'Save cap'}
        </button>
      </div>
      {overageCap.isSuccess && draft === null ? (
        <p role="status" className="text-xs text-emerald-700">
          Overage cap saved.
        </p>
      ) : null}
      {overageCap.error ? (
        <BillingError message="Failed to save the overage cap." error={overageCap.error} />
      ) : null}
    </form>
  );
}
