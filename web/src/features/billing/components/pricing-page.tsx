import {
  type CheckoutTier,
  EXTRA_USAGE_NOTE,
  PRICING_PLANS,
  type PricingPlan,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionTier,
} from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, CheckIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BrandLogo } from '../../../components/brand-logo';
import { Button, buttonVariants } from '../../../components/ui/button';
import { subscriptionQuery, useCheckout } from '../api/queries';
import { SALES_CONTACT } from '../utils/plan-display';
import { BillingError } from './billing-error';

export const CURRENT_PLAN_LABEL = 'Current Plan';
export const CONTACT_SALES_LABEL = 'Contact Sales';
/** The button of a plan bought through checkout: 'Choose Pro', 'Choose Teams'. */
export const choosePlanLabel = (name: string) => `Choose ${name}`;

/** Each plan's action: full width at the card's foot. */
const PLAN_ACTION = 'mt-6 w-full px-4';

const isCheckoutTier = (tier: SubscriptionTier): tier is CheckoutTier => tier === 'pro' || tier === 'teams';

type PlanCardProps = {
  plan: PricingPlan;
  current: boolean;
  /** Checkout is under way for this plan. */
  pending: boolean;
  busy: boolean;
  onChoose: (tier: CheckoutTier) => void;
};

function PlanAction({ plan, current, pending, busy, onChoose }: PlanCardProps) {
  const { id: tier } = plan;
  if (plan.contactOnly) {
    return (
      <a href={SALES_CONTACT} className={buttonVariants({ className: PLAN_ACTION })}>
        {CONTACT_SALES_LABEL}
      </a>
    );
  }
  if (current) {
    return (
      <Button disabled className={`${PLAN_ACTION} disabled:text-slate-500 disabled:opacity-100`}>
        {CURRENT_PLAN_LABEL}
      </Button>
    );
  }
  if (!isCheckoutTier(tier)) {
    // Free needs no checkout: a paid plan goes back to Free by cancelling it.
    return (
      <Link to="/home?feature=subscription" className={buttonVariants({ className: PLAN_ACTION })}>
        Manage subscription
      </Link>
    );
  }
  return (
    <Button variant="primary" disabled={busy} onClick={() => onChoose(tier)} className={PLAN_ACTION}>
      {pending ? 'Redirecting to checkout...' : choosePlanLabel(plan.name)}
    </Button>
  );
}

function PlanCard(props: PlanCardProps) {
  const { plan, current } = props;
  const titleId = `plan-${plan.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className={`flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ${
        current ? 'ring-2 ring-indigo-600' : 'ring-slate-200'
      }`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h2>
        {current ? (
          <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-700">
            Your plan
          </span>
        ) : null}
      </div>
      <p className="mt-3 text-2xl font-bold text-slate-900 capitalize">{plan.priceLabel}</p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        {[plan.tokensLabel, plan.projectsLabel]
          .filter((line, index, lines) => lines.indexOf(line) === index)
          .map((line) => (
            <li key={line} className="flex gap-2">
              <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
              <span>{line}</span>
            </li>
          ))}
      </ul>
      <PlanAction {...props} />
    </li>
  );
}

/** /pricing (spec 2 and 9): the four plans, the current one marked; Pro and Teams start checkout. */
export function PricingPage() {
  const subscription = useQuery(subscriptionQuery());
  const checkout = useCheckout();
  const currentTier = subscription.data?.subscription.tier;
  // After a successful checkout call the browser is leaving: keep the buttons disabled.
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-8">
        <BrandLogo />
        <Link
          to="/home"
          className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          Back to chat
        </Link>
      </header>
      <main className="mx-auto max-w-6xl px-4 pb-16 sm:px-8">
        <div className="py-8 text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Pricing</h1>
          <p className="mt-2 text-slate-600">Pick the plan that fits how much you build.</p>
        </div>
        <div className="mx-auto mb-6 max-w-xl space-y-3">
          {subscription.error ? (
            <BillingError
              message={SUBSCRIPTION_MESSAGES.loadFailed}
              error={subscription.error}
              onRetry={() => void subscription.refetch()}
            />
          ) : null}
          {checkout.error ? (
            <BillingError message={SUBSCRIPTION_MESSAGES.checkoutFailed} error={checkout.error} />
          ) : null}
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PRICING_PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              current={plan.id === currentTier}
              pending={checkout.isPending && checkout.variables === plan.id}
              busy={busy || subscription.isPending}
              onChoose={(tier) => checkout.mutate(tier)}
            />
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-slate-600">{EXTRA_USAGE_NOTE}</p>
        <p className="mt-2 text-center text-sm text-slate-600">{SUBSCRIPTION_MESSAGES.onePlanAtATime}</p>
      </main>
    </div>
  );
}
