import { AGENT_MODE_LABELS, AGENT_MODES, type AgentMode } from '@agentforge/shared';
import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/tabs';

type ModeTabsProps = {
  mode: AgentMode;
  onModeChange: (mode: AgentMode) => void;
  /** Beside the tabs (the agent's settings). */
  aside?: ReactNode;
  children: ReactNode;
};

/** The agent modes (spec 2) as tabs over the conversation (their one panel): chosen per chat. */
export function ModeTabs({ mode, onModeChange, aside, children }: ModeTabsProps) {
  return (
    <Tabs
      value={mode}
      onValueChange={(value) => {
        const next = AGENT_MODES.find((candidate) => candidate === value);
        if (next) onModeChange(next);
      }}
      className="flex min-h-0 flex-1 flex-col"
    >
      <div className="flex shrink-0 flex-wrap items-center justify-center gap-x-3 gap-y-2 px-4 pt-3">
        <TabList
          aria-label="Mode"
          // On a phone the five tabs wrap onto two rows rather than scroll out of sight.
          className="flex max-w-full flex-wrap justify-center gap-1 rounded-xl bg-slate-100 p-1"
        >
          {AGENT_MODES.map((value) => (
            <Tab
              key={value}
              value={value}
              className="rounded-lg px-3 py-1.5 text-xs font-medium whitespace-nowrap text-slate-600 transition hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
            >
              {AGENT_MODE_LABELS[value]}
            </Tab>
          ))}
        </TabList>
        {aside}
      </div>
      {/* One panel whatever the mode: the conversation (its value follows the tab, for aria-controls). */}
      <TabPanel value={mode} tabIndex={-1} className="flex min-h-0 flex-1 flex-col outline-none">
        {children}
      </TabPanel>
    </Tabs>
  );
}
