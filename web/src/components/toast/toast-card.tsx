import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../ui/button';

export type ToastTone = 'default' | 'destructive' | 'success' | 'info' | 'warning';

/** The way out a toast offers, e.g. 'Upgrade Plan' to /pricing after a plan-limit refusal. */
export type ToastAction = { label: string; to: string };

type ToastCardProps = {
  title?: string | undefined;
  description?: string | undefined;
  tone: ToastTone;
  action?: ToastAction | undefined;
  onClose: () => void;
  /** Closes the toast after this many ms. */
  autoCloseMs?: number;
};

const TONES: Record<ToastTone, { card: string; accent: string; close: string }> = {
  default: {
    card: 'bg-white text-slate-900 ring-slate-200',
    accent: 'bg-indigo-500',
    close: 'text-slate-400 hover:bg-slate-100 hover:text-slate-700',
  },
  destructive: {
    // red-700, not red-600: the description's white at 90% on red-600 measured 4.0:1 (axe: 4.5:1).
    card: 'bg-red-700 text-white ring-red-800',
    accent: 'bg-white/70',
    close: 'text-red-100 hover:bg-red-600 hover:text-white',
  },
  success: {
    card: 'bg-white text-slate-900 ring-emerald-200',
    accent: 'bg-emerald-500',
    close: 'text-slate-400 hover:bg-slate-100 hover:text-slate-700',
  },
  info: {
    card: 'bg-white text-slate-900 ring-sky-200',
    accent: 'bg-sky-500',
    close: 'text-slate-400 hover:bg-slate-100 hover:text-slate-700',
  },
  warning: {
    card: 'bg-white text-slate-900 ring-amber-200',
    accent: 'bg-amber-500',
    close: 'text-slate-400 hover:bg-slate-100 hover:text-slate-700',
  },
};

/** One toast: headline, text and a close button; errors are announced assertively. */
export function ToastCard({ title, description, tone, action, onClose, autoCloseMs }: ToastCardProps) {
  useEffect(() => {
    if (autoCloseMs === undefined) return;
    const timer = setTimeout(onClose, autoCloseMs);
    return () => clearTimeout(timer);
  }, [autoCloseMs, onClose]);

  const style = TONES[tone];
  const urgent = tone === 'destructive';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      className={`pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl p-4 pr-10 shadow-lg ring-1 ${style.card}`}
    >
      <span aria-hidden="true" className={`mt-1 size-2 shrink-0 rounded-full ${style.accent}`} />
      <div className="min-w-0 flex-1">
        {title ? <p className="text-sm font-semibold">{title}</p> : null}
        {description ? (
          <p className={`text-sm ${title ? 'mt-1 opacity-90' : 'font-medium'}`}>{description}</p>
        ) : null}
        {action ? (
          <Button asChild size="xs" className="mt-2" onClick={onClose}>
            <Link to={action.to}>{action.label}</Link>
          </Button>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close"
        className={`absolute top-2.5 right-2.5 rounded-md p-1 transition ${style.close}`}
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
    </div>
  );
}
