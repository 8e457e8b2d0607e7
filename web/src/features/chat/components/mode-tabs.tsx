import { AGENT_MODE_LABELS, AGENT_MODES } from '@agentforge/shared';

/** Shown on the modes that are not available yet. */
export const COMING_SOON = 'Coming soon';

/** The agent modes (spec 2): Direct Chat works; the others arrive with the agent issue. */
export function ModeTabs() {
  return (
    <div
      role="tablist"
      aria-label="Mode"
      className="flex max-w-full gap-1 rounded-xl bg-slate-100 p-1 max-sm:overflow-x-auto"
    >
      {AGENT_MODES.map((mode) => {
        const active = mode === 'direct';
        return (
          // A disabled button gets no pointer events: the wrapper shows the tooltip on hover.
          <span key={mode} className={`group relative ${active ? '' : 'cursor-not-allowed'}`}>
            <button
              type="button"
              role="tab"
              aria-selected={active}
              disabled={!active}
              aria-describedby={active ? undefined : `mode-${mode}-soon`}
              className={`rounded-lg px-3 py-1.5 text-xs font-medium whitespace-nowrap transition ${
                active ? 'bg-white text-slate-900 shadow-sm' : 'pointer-events-none text-slate-400'
              }`}
            >
              {AGENT_MODE_LABELS[mode]}
            </button>
            {active ? null : (
              <span
                id={`mode-${mode}-soon`}
                role="tooltip"
                className="pointer-events-none absolute top-full left-1/2 z-30 mt-2 -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white opacity-0 shadow transition group-hover:opacity-100"
              >
                {COMING_SOON}
              </span>
            )}
          </span>
        );
      })}
    </div>
  );
}
