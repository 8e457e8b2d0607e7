import { Link } from 'react-router-dom';

type PlaceholderLink = { to: string; label: string };

type PlaceholderScreenProps = { title: string; subtitle?: string | undefined; links?: PlaceholderLink[] };

/** A route whose real screen comes in a later issue: its heading, an honest note and its links. */
export function PlaceholderScreen({ title, subtitle, links = [] }: PlaceholderScreenProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <section className="w-full max-w-lg rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-slate-600">{subtitle}</p> : null}
        <p className="mt-6 text-sm text-slate-500">This screen is not built yet.</p>
        {links.length > 0 ? (
          <nav className="mt-6 flex flex-wrap gap-4 text-sm font-medium">
            {links.map((link) => (
              <Link key={link.to} to={link.to} className="text-slate-900 underline underline-offset-4">
                {link.label}
              </Link>
            ))}
          </nav>
        ) : null}
      </section>
    </main>
  );
}
