import { isPaidTier, SUBSCRIPTION_MESSAGES } from '@agentforge/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheckIcon, CircleXIcon } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { buttonVariants } from '../../../components/ui/button';
import { billingKeys, syncQuery } from '../api/queries';
import { formatBillingDate, planName } from '../utils/plan-display';
import { BillingError } from './billing-error';

export const SYNCING_LABEL = 'Confirming your subscription...';
export const CHECKOUT_CANCELLED_TITLE = 'Checkout cancelled';

function ResultCard({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <section className="w-full max-w-lg rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        {children}
      </section>
    </main>
  );
}

/**
 * /subscription/success: asks the API to read the checkout's subscription (so the plan is right
 * before the payment provider's webhook arrives), then shows the plan it gave.
 */
export function CheckoutSuccess() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const queryClient = useQueryClient();
  const { data, error, refetch, isFetching } = useQuery(syncQuery(sessionId));

  useEffect(() => {
    if (!data) return;
    queryClient.setQueryData(billingKeys.subscription(), data);
    void queryClient.invalidateQueries({ queryKey: billingKeys.usage() });
  }, [data, queryClient]);

  let body: ReactNode;
  if (error) {
    body = (
      <>
        <h1 className="text-2xl font-semibold text-slate-900">We could not confirm your subscription yet</h1>
        <div className="mt-4">
          <BillingError
            message={SUBSCRIPTION_MESSAGES.loadFailed}
            error={error}
            onRetry={isFetching ? undefined : () => void refetch()}
          />
        </div>
        <p className="mt-4 text-sm text-slate-600">
          If your payment went through, your plan is updated within a few minutes.
        </p>
      </>
    );
  } else if (!data) {
    body = (
      <>
        <h1 className="text-2xl font-semibold text-slate-900">Thank you!</h1>
        <div className="mt-4">
          <Spinner label={SYNCING_LABEL} />
        </div>
      </>
    );
  } else {
    const { tier, currentPeriodEnd, status } = data.subscription;
    const paid = isPaidTier(tier);
    body = (
      <>
        <CircleCheckIcon aria-hidden="true" className="size-10 text-emerald-600" />
        <h1 className="mt-3 text-2xl font-semibold text-slate-900">
          {paid ? `You are on the ${planName(tier)} plan` : 'Your payment is being processed'}
        </h1>
        <p role="status" className="mt-2 text-slate-600">
          {paid
            ? `Your subscription is ${status === 'trialing' ? 'in its trial' : 'active'}${
                currentPeriodEnd ? `; the next billing date is ${formatBillingDate(currentPeriodEnd)}` : ''
              }. The higher limits apply now.`
            : 'Your plan will change as soon as the payment is confirmed. This can take a minute.'}
        </p>
      </>
    );
  }

  return (
    <ResultCard>
      {body}
      {data || error ? (
        <nav aria-label="Next" className="mt-6 flex flex-wrap gap-3">
          <Link to="/home" className={buttonVariants({ variant: 'primary', className: 'px-4' })}>
            Go to chat
          </Link>
          <Link to="/home?feature=subscription" className={buttonVariants({ className: 'px-4' })}>
            View Subscription & Usage
          </Link>
        </nav>
      ) : null}
    </ResultCard>
  );
}

/** /subscription/cancel: checkout was left; nothing was charged. */
export function CheckoutCancelled() {
  return (
    <ResultCard>
      <CircleXIcon aria-hidden="true" className="size-10 text-slate-400" />
      <h1 className="mt-3 text-2xl font-semibold text-slate-900">{CHECKOUT_CANCELLED_TITLE}</h1>
      <p className="mt-2 text-slate-600">Nothing was charged and your plan has not changed.</p>
      <nav aria-label="Next" className="mt-6 flex flex-wrap gap-3">
        <Link to="/pricing" className={buttonVariants({ variant: 'primary', className: 'px-4' })}>
          Back to pricing
        </Link>
        <Link to="/home" className={buttonVariants({ className: 'px-4' })}>
          Go to chat
        </Link>
      </nav>
    </ResultCard>
  );
}
