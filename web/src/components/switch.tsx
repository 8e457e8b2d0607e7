type SwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name (e.g. 'Enable My server'). */
  label: string;
  disabled?: boolean;
  /** Shows a spinner in the knob (an action runs). */
  busy?: boolean;
};

/** An on/off switch (role="switch"). */
export function Switch({ checked, onChange, label, disabled = false, busy = false }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 ${
        checked ? 'bg-emerald-500' : 'bg-slate-300'
      }`}
    >
      <span
        aria-hidden="true"
        className={`flex size-4 items-center justify-center rounded-full bg-white shadow-sm ring-1 ring-slate-900/5 transition ${
          checked ? 'translate-x-[18px]' : 'translate-x-0.5'
        }`}
      >
        {busy ? (
          <span className="size-2.5 animate-spin rounded-full border-[1.5px] border-slate-300 border-t-slate-700" />
        ) : null}
      </span>
    </button>
  );
}
