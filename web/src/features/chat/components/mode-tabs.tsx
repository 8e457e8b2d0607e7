import { AGENT_MODE_LABELS, AGENT_MODES, type AgentMode } from '@agentforge/shared';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { Tooltip } from '../../../components/tooltip';

/** Shown on the modes that are not available yet. */
export const COMING_SOON = 'Coming soon';

const AVAILABLE: ReadonlySet<AgentMode> = new Set(['direct']);

/**
 * The agent modes (spec 2) as tabs over the conversation (the panel): Direct Chat works; the
 * others arrive with the agent issue and say so on hover and to screen readers.
 */
export function ModeTabs({ children }: { children: ReactNode }) {
  return (
    <Tabs.Root value="direct" className="flex min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 justify-center px-4 pt-3">
        <Tabs.List
          aria-label="Mode"
          // On a phone the five tabs wrap onto two rows rather than scroll out of sight.
          className="flex max-w-full flex-wrap justify-center gap-1 rounded-xl bg-slate-100 p-1"
        >
          {AGENT_MODES.map((mode) => {
            const available = AVAILABLE.has(mode);
            const tab = (
              <Tabs.Trigger
                key={mode}
                value={mode}
                disabled={!available}
                aria-describedby={available ? undefined : `mode-${mode}-soon`}
                className="rounded-lg px-3 py-1.5 text-xs font-medium whitespace-nowrap text-slate-500 transition disabled:pointer-events-none data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
              >
                {AGENT_MODE_LABELS[mode]}
              </Tabs.Trigger>
            );
            // A disabled button gets no pointer events: its wrapper carries the hover hint.
            return available ? (
              tab
            ) : (
              <Tooltip key={mode} content={COMING_SOON}>
                <span className="cursor-not-allowed">
                  {tab}
                  <span id={`mode-${mode}-soon`} className="sr-only">
                    {COMING_SOON}
                  </span>
                </span>
              </Tooltip>
            );
          })}
        </Tabs.List>
      </div>
      <Tabs.Content value="direct" className="flex min-h-0 flex-1 flex-col outline-none">
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
