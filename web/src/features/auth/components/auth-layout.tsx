import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/brand-logo';

type AuthLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (for example 'Don't have an account? Sign up here'). */
  footer?: ReactNode;
};

/** The guest screens' frame: the logo, a centred card with the heading, and links under it. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <main className="relative flex min-h-screen flex-col items-center justify-center overflow-hidden bg-slate-50 px-4 py-12">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-96 bg-gradient-to-b from-indigo-100/70 to-transparent"
      />
      <div className="relative w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <BrandLogo />
        </div>
        <section className="rounded-2xl bg-white px-6 py-8 shadow-xl shadow-slate-200/60 ring-1 ring-slate-200 sm:px-10 sm:py-10">
          <header className="mb-8 text-center">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {subtitle ? <p className="mt-2 text-sm text-slate-600">{subtitle}</p> : null}
          </header>
          {children}
        </section>
        {footer ? <div className="mt-6 space-y-2 text-center text-sm text-slate-600">{footer}</div> : null}
      </div>
    </main>
  );
}
