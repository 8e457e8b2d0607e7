import { useId } from 'react';

type UsageBarProps = {
  label: string;
  value: number;
  max: number;
  /** What the bar says in words, e.g. '1,200 / 10,000 tokens'. */
  text: string;
};

/** One usage figure as a labelled progress bar (role progressbar, with its value in words). */
export function UsageBar({ label, value, max, text }: UsageBarProps) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  const tone = share >= 0.9 ? 'bg-red-500' : share >= 0.7 ? 'bg-amber-500' : 'bg-emerald-500';
  const id = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={id} className="font-medium text-slate-700">
          {label}
        </span>
        <span className="text-slate-600 tabular-nums">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(value, max)}
        aria-valuetext={text}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}
