import type { ReactNode } from 'react';

type PlaceholderScreenProps = { title: string; subtitle?: string; children?: ReactNode };

/** A route whose real screen comes in a later issue: its heading and an honest note. */
export function PlaceholderScreen({ title, subtitle, children }: PlaceholderScreenProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <section className="w-full max-w-lg rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-slate-600">{subtitle}</p> : null}
        <p className="mt-6 text-sm text-slate-500">This screen is not built yet.</p>
        {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
      </section>
    </main>
  );
}
