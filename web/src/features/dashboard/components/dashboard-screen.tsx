import type { Conversation } from '@agentforge/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { FormBanner } from '../../../components/form/form-banner';
import { Card, LINK_CLASS, PageShell } from '../../../components/page-shell';
import { Spinner } from '../../../components/spinner';
import { plansQuery } from '../../agent/api/queries';
import { PLAN_STATUS_LABELS } from '../../agent/utils/plan-status-label';
import { subscriptionQuery } from '../../billing/api/queries';
import { planName, STATUS_LABELS } from '../../billing/utils/plan-display';
import { conversationsQuery } from '../../chat/api/queries';
import { serversQuery } from '../../servers/api/queries';
import { statusTextOf } from '../../servers/utils/server-status-text';

/** Conversations shown, and those whose agent plans are read. */
const RECENT = 5;

const hours = (minutes: number) => Math.floor(minutes / 60);
const conversationPath = (id: string) => `/home/c/${encodeURIComponent(id)}`;

/**
 * /dashboard: the user's plan and usage (the billing queries), their servers and status, recent
 * conversations and agent plans, each linking to where it is managed.
 */
export function DashboardScreen() {
  const subscription = useQuery(subscriptionQuery());
  const servers = useQuery(serversQuery());
  const conversations = useQuery(conversationsQuery());
  const recent: Conversation[] = (conversations.data ?? []).slice(0, RECENT);
  const plans = useQueries({
    queries: recent.map((conversation) => plansQuery(conversation.id)),
  });
  const recentPlans = plans
    .flatMap((query, index) =>
      (query.data ?? []).map((plan) => ({ plan, conversation: recent[index] as Conversation })),
    )
    .sort((a, b) => b.plan.updatedAt - a.plan.updatedAt)
    .slice(0, RECENT);

  return (
    <PageShell
      title="Dashboard"
      aside={
        <Link to="/profile" className={LINK_CLASS}>
          Profile
        </Link>
      }
    >
      <div className="grid gap-6 md:grid-cols-2">
        <Card
          title="Plan and usage"
          action={
            <Link to="/home?feature=subscription" className={LINK_CLASS}>
              Manage subscription
            </Link>
          }
        >
          {subscription.isPending ? <Spinner /> : null}
          {subscription.error ? <FormBanner message={subscription.error.message} /> : null}
          {subscription.data ? (
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <dt className="text-slate-600">Plan</dt>
              <dd className="font-semibold">
                {planName(subscription.data.subscription.tier)} (
                {STATUS_LABELS[subscription.data.subscription.status]})
              </dd>
              <dt className="text-slate-600">Tokens today</dt>
              <dd>
                {subscription.data.usage.tokens.used.toLocaleString('en-US')} /{' '}
                {subscription.data.usage.tokens.limit.toLocaleString('en-US')}
              </dd>
              <dt className="text-slate-600">Server compute this month</dt>
              <dd>
                {hours(subscription.data.usage.compute.usedMinutes)} /{' '}
                {subscription.data.usage.compute.limitHours} hours
              </dd>
              <dt className="text-slate-600">Servers running</dt>
              <dd>
                {subscription.data.usage.servers.active} / {subscription.data.usage.servers.limit}
              </dd>
            </dl>
          ) : null}
        </Card>

        <Card
          title="MCP servers"
          action={
            <Link to="/home" className={LINK_CLASS}>
              Manage servers
            </Link>
          }
        >
          {servers.isPending ? <Spinner /> : null}
          {servers.error ? <FormBanner message={servers.error.message} /> : null}
          {servers.data && servers.data.length === 0 ? (
            <p className="text-sm text-slate-600">No servers yet.</p>
          ) : null}
          <ul className="divide-y divide-slate-100">
            {(servers.data ?? []).map((server) => (
              <li key={server.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <Link to={`/servers/${encodeURIComponent(server.id)}`} className={LINK_CLASS}>
                  {server.name}
                </Link>
                <span className="text-slate-700">{statusTextOf(server)}</span>
              </li>
            ))}
          </ul>
        </Card>

        <Card title="Recent conversations">
          {conversations.isPending ? <Spinner /> : null}
          {conversations.error ? <FormBanner message={conversations.error.message} /> : null}
          {conversations.data && conversations.data.length === 0 ? (
            <p className="text-sm text-slate-600">No conversations yet.</p>
          ) : null}
          <ul className="divide-y divide-slate-100">
            {recent.map((conversation) => (
              <li key={conversation.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <Link to={conversationPath(conversation.id)} className={`${LINK_CLASS} truncate`}>
                  {conversation.title || conversation.name}
                </Link>
                <time
                  className="shrink-0 text-slate-600"
                  dateTime={new Date(conversation.updatedAt).toISOString()}
                >
                  {new Date(conversation.updatedAt).toLocaleDateString()}
                </time>
              </li>
            ))}
          </ul>
        </Card>

        <Card title="Agent plans">
          {recentPlans.length === 0 ? (
            <p className="text-sm text-slate-600">No agent plans in your recent conversations.</p>
          ) : null}
          <ul className="divide-y divide-slate-100">
            {recentPlans.map(({ plan, conversation }) => (
              <li key={plan.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <Link to={conversationPath(conversation.id)} className={`${LINK_CLASS} truncate`}>
                  {plan.goal}
                </Link>
                <span className="shrink-0 text-slate-700">{PLAN_STATUS_LABELS[plan.status]}</span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <p className="text-sm text-slate-600">
        Provider API keys are in{' '}
        <Link to="/home?feature=settings" className={LINK_CLASS}>
          Settings
        </Link>
        .
      </p>
    </PageShell>
  );
}
