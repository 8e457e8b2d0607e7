import type { ReactNode } from 'react';

type FullPageErrorProps = {
  title: string;
  message?: string;
  /** Technical detail shown underneath in small text (for example an error's message). */
  details?: string;
  /** Links or buttons under the text. */
  children?: ReactNode;
};

/** A full-page card for errors that stop a whole screen (or the app) from showing. */
export function FullPageError({ title, message, details, children }: FullPageErrorProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <section
        role="alert"
        className="w-full max-w-lg rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200"
      >
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {message ? <p className="mt-3 text-slate-700">{message}</p> : null}
        {details ? (
          <pre className="mt-4 overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-slate-100 p-3 text-xs text-slate-600">
            {details}
          </pre>
        ) : null}
        {children ? <div className="mt-6 flex gap-3">{children}</div> : null}
      </section>
    </main>
  );
}
