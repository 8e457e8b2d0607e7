import { str } from './form.js';
import { type PageRoute, sendHtml } from './http.js';
import { subscriptionItems } from './invoices.js';
import { renderMessagePage, renderPortalPage } from './pages.js';
import { type ApiRoute, find, newId, type StripeObject } from './state.js';

export const billingPortalRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: /^\/v1\/billing_portal\/sessions$/,
    handle: ({ state, now, baseUrl }, params) => {
      const customer = find(state.customers, str(params.customer) ?? '', 'customer');
      const id = newId('bps');
      const session: StripeObject = {
        id,
        object: 'billing_portal.session',
        created: now(),
        customer: customer.id,
        livemode: false,
        return_url: str(params.return_url) ?? null,
        url: `${baseUrl()}/portal/${id}`,
      };
      state.portalSessions[id] = session;
      return session;
    },
  },
];

/** The local portal page: the customer's subscriptions, read only. */
export const portalPage: PageRoute = async ({ state }, req, res, url) => {
  const match = url.pathname.match(/^\/portal\/([\w-]+)$/);
  if (!match || req.method !== 'GET') return false;
  const session = state.portalSessions[match[1] as string];
  if (!session)
    return sendHtml(
      res,
      404,
      renderMessagePage('Local billing portal', 'This portal session does not exist.'),
    );
  const lines = Object.values(state.subscriptions)
    .filter((sub) => sub.customer === session.customer)
    .map((sub) => {
      const end = new Date(Number(subscriptionItems(sub)[0]?.current_period_end ?? 0) * 1000)
        .toISOString()
        .slice(0, 10);
      const price = subscriptionItems(sub)[0]?.price as { nickname?: string } | undefined;
      return `${price?.nickname ?? 'Subscription'}: ${sub.status}${sub.cancel_at_period_end ? ', ends' : ', renews'} ${end}`;
    });
  return sendHtml(
    res,
    200,
    renderPortalPage({
      returnUrl: String(session.return_url ?? '/'),
      lines: lines.length ? lines : ['No subscriptions'],
    }),
  );
};
