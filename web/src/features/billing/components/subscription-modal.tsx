import {
  formatThousands,
  isPaidTier,
  type Plan,
  planOf,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionResponse,
  usageHoursRounded,
} from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { CreditCardIcon, SparklesIcon, TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Dialog } from '../../../components/dialog';
import { Spinner } from '../../../components/spinner';
import { Button, buttonVariants } from '../../../components/ui/button';
import { plansQuery, subscriptionQuery, usePortal, useSubscriptionMutations } from '../api/queries';
import {
  formatBillingDate,
  isTroubledStatus,
  planName,
  STATUS_LABELS,
  SUBSCRIPTION_TITLE,
  UPGRADE_PLAN_LABEL,
} from '../utils/plan-display';
import { BillingError } from './billing-error';
import { OverageCapForm } from './overage-cap-form';
import { UsageBar } from './usage-bar';
import { UsagePanel } from './usage-panel';

export const CANCEL_SUBSCRIPTION_LABEL = 'Cancel Subscription';
export const CONFIRM_CANCEL_LABEL = 'Confirm cancellation';
export const RESUME_SUBSCRIPTION_LABEL = 'Resume subscription';
export const MANAGE_BILLING_LABEL = 'Manage billing';
const RESUME_FAILED = 'Failed to resume subscription. Please try again.';
const PORTAL_FAILED = 'Failed to open the billing portal. Please try again.';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** Spec 9: concurrent servers, server timeout, compute hours, and token limits in K. */
function PlanFeatures({ plan }: { plan: Plan }) {
  const { features } = plan;
  const rows: [string, string][] = [
    ['Concurrent servers', String(features.maxConcurrentServers)],
    ['Server timeout', `${features.serverTimeoutMinutes} minutes`],
    ['Monthly compute hours', String(features.monthlyComputeHours)],
    ['Monthly token limit', formatThousands(features.monthlyTokenLimit)],
    ['Max tokens per request', formatThousands(features.maxTokensPerRequest)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-3 border-b border-slate-100 pb-1.5">
          <dt className="text-slate-600">{term}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PlanStatus({ data }: { data: SubscriptionResponse }) {
  const { subscription } = data;
  const { tier, status, currentPeriodEnd, cancelAtPeriodEnd, trialInfo } = subscription;
  const paid = isPaidTier(tier);
  const { cancel, resume } = useSubscriptionMutations();
  const portal = usePortal();
  const troubled = isTroubledStatus(status);
  const date = currentPeriodEnd ? formatBillingDate(currentPeriodEnd) : null;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-lg font-semibold text-slate-900">{planName(tier)} plan</p>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${
            troubled
              ? 'bg-red-50 text-red-700 ring-red-600/20'
              : 'bg-emerald-50 text-emerald-700 ring-emerald-600/20'
          }`}
        >
          <span className="sr-only">Status: </span>
          {STATUS_LABELS[status]}
        </span>
      </div>
      {troubled ? (
        <div
          role="alert"
          className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            Your last payment failed. Update your payment method in {MANAGE_BILLING_LABEL} to keep your plan.
          </p>
        </div>
      ) : null}
      {trialInfo.isApplicable && trialInfo.message ? (
        <p className="flex gap-2 text-sm text-indigo-700">
          <SparklesIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {trialInfo.message}
        </p>
      ) : null}
      {paid && date && !cancelAtPeriodEnd ? (
        <p className="text-sm text-slate-600">
          Next billing date: <span className="font-medium text-slate-900">{date}</span>
        </p>
      ) : null}
      {paid && cancelAtPeriodEnd ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/20">
          Your subscription has been cancelled and ends on the next billing date{date ? `, ${date}` : ''}. You
          keep your plan until then.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {tier !== 'enterprise' ? (
          <Link to="/pricing" className={buttonVariants({ variant: 'primary', size: 'sm' })}>
            {UPGRADE_PLAN_LABEL}
          </Link>
        ) : null}
        {paid ? (
          <Button size="sm" disabled={portal.isPending} onClick={() => portal.mutate()}>
            <CreditCardIcon aria-hidden="true" className="size-4" />
            {MANAGE_BILLING_LABEL}
          </Button>
        ) : null}
        {paid && !cancelAtPeriodEnd ? (
          <ConfirmDialog
            trigger={
              <Button size="sm" disabled={cancel.isPending}>
                {cancel.isPending ? 'Cancelling...' : CANCEL_SUBSCRIPTION_LABEL}
              </Button>
            }
            title="Cancel subscription?"
            description={SUBSCRIPTION_MESSAGES.cancelConfirmation}
            confirmLabel={CONFIRM_CANCEL_LABEL}
            cancelLabel="Keep subscription"
            onConfirm={() => cancel.mutate()}
          />
        ) : null}
        {paid && cancelAtPeriodEnd ? (
          <>
            <Button size="sm" disabled>
              {SUBSCRIPTION_MESSAGES.cancellationPending}
            </Button>
            <Button size="sm" disabled={resume.isPending} onClick={() => resume.mutate()}>
              {resume.isPending ? 'Resuming...' : RESUME_SUBSCRIPTION_LABEL}
            </Button>
          </>
        ) : null}
      </div>
      {cancel.error ? (
        <BillingError message={SUBSCRIPTION_MESSAGES.cancelFailed} error={cancel.error} />
      ) : null}
      {resume.error ? <BillingError message={RESUME_FAILED} error={resume.error} /> : null}
      {portal.error ? <BillingError message={PORTAL_FAILED} error={portal.error} /> : null}
    </div>
  );
}

function Usage({ usage }: { usage: SubscriptionResponse['usage'] }) {
  const { tokens, compute, servers } = usage;
  const hours = usageHoursRounded(compute.usedMinutes);
  return (
    <div className="space-y-3">
      <UsageBar
        label="Tokens today"
        value={tokens.used}
        max={tokens.limit}
        text={`${tokens.used.toLocaleString('en-US')} / ${tokens.limit.toLocaleString('en-US')} tokens`}
      />
      <UsageBar
        label="Compute hours"
        value={hours}
        max={compute.limitHours}
        text={`${hours} / ${compute.limitHours} hours`}
      />
      <UsageBar
        label="Servers"
        value={servers.active}
        max={servers.limit}
        text={`${servers.active} / ${servers.limit} active`}
      />
    </div>
  );
}

/**
 * 'Subscription & Usage' (spec 2): the plan and its status, next billing date, cancel (asked
 * first) and resume, the billing portal, the plan's features, usage as bars, the overage cap of a
 * paid plan and the last 30 days of usage.
 */
export function SubscriptionModal({ onClose }: { onClose: () => void }) {
  const { data, error, isPending, refetch } = useQuery(subscriptionQuery());
  const plans = useQuery(plansQuery());
  let body: ReactNode;
  if (isPending) body = <Spinner />;
  else if (error) {
    body = (
      <BillingError message={SUBSCRIPTION_MESSAGES.loadFailed} error={error} onRetry={() => void refetch()} />
    );
  } else {
    const { tier } = data.subscription;
    const plan = plans.data?.find((entry) => entry.id === tier) ?? planOf(tier);
    body = (
      <div className="space-y-7">
        <PlanStatus data={data} />
        <Section title="Plan features">
          <PlanFeatures plan={plan} />
        </Section>
        <Section title="Usage">
          <Usage usage={data.usage} />
        </Section>
        {isPaidTier(tier) ? (
          <Section title="Additional usage">
            <OverageCapForm />
          </Section>
        ) : null}
        <Section title="Usage history">
          <UsagePanel />
        </Section>
      </div>
    );
  }
  return (
    <Dialog title={SUBSCRIPTION_TITLE} onClose={onClose} width="max-w-2xl">
      {body}
    </Dialog>
  );
}
