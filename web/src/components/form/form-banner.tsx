import type { ReactNode } from 'react';

/** A red error banner at the top of a form; `children` holds an optional action (a button). */
export function FormBanner({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
      <p>{message}</p>
      {children ? <div className="mt-2">{children}</div> : null}
    </div>
  );
}
