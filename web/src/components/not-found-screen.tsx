import { ROUTER_MESSAGES } from '@agentforge/shared';
import { Link } from 'react-router-dom';

/** Any unmatched path (spec 2): 'Sorry, page not found!'. */
export function NotFoundScreen() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 p-6 text-center">
      <p className="text-6xl font-bold text-slate-500">404</p>
      <h1 className="text-2xl font-semibold text-slate-900">{ROUTER_MESSAGES.notFound}</h1>
      <Link
        to="/"
        className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700"
      >
        Go to the home page
      </Link>
    </main>
  );
}
