import { Link, Navigate } from 'react-router-dom';
import { useAuth } from '../../features/auth/hooks/use-auth';

/** Landing page (/ and /landing). Placeholder: header links and the hero; the full page comes later. */
export function Component() {
  const { authChecked, isAuthenticated } = useAuth();

  // Spec 2: nothing while the session check runs; signed-in visitors go to /home.
  if (!authChecked) return null;
  if (isAuthenticated) return <Navigate to="/home" replace />;

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-6xl items-center justify-between p-6">
        <Link to="/" className="text-lg font-semibold text-slate-900">
          AgentForge
        </Link>
        <nav className="flex items-center gap-3">
          <Link
            to="/login"
            className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Sign In
          </Link>
          <Link
            to="/signup"
            className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700"
          >
            Get Started
          </Link>
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-6 py-24 text-center">
        <h1 className="text-5xl font-bold tracking-tight text-slate-900">AI Agent Platform</h1>
        <p className="mt-4 text-xl text-slate-600">Create Your Own AI Agent with MCP Servers</p>
      </main>
    </div>
  );
}
