import { AGENT_MODE_LABELS, type Automation } from '@agentforge/shared';
import { formatWhen, triggerInWords } from '../utils/automation-text';

const NOTIFY_WORDS = {
  never: 'Never',
  failure: 'When a run fails or stops',
  always: 'After every run',
} as const;

/** An automation's settings, as a list of terms. */
export function AutomationSummary({ automation }: { automation: Automation }) {
  const { budget } = automation;
  const rows: [string, string][] = [
    ['Goal', automation.goal],
    ['Mode', AGENT_MODE_LABELS[automation.mode]],
    ['Model', `${automation.provider} · ${automation.model}`],
    ['Trigger', triggerInWords(automation.trigger)],
    [
      'Next run',
      !automation.enabled
        ? 'Paused'
        : automation.nextRunAt === undefined
          ? '—'
          : formatWhen(automation.nextRunAt),
    ],
    ['Servers', automation.serverIds.length ? `${automation.serverIds.length}` : 'None'],
    ['Tools allowed without asking', automation.approvedTools.join(', ') || 'None'],
    [
      'Budget per run',
      `${budget.maxTokens.toLocaleString()} tokens, ${budget.maxToolCalls} tool calls, ${budget.maxMinutes} minutes`,
    ],
    ['E-mail', NOTIFY_WORDS[automation.notify]],
    ['Results', automation.output === 'new' ? 'A new conversation per run' : 'One conversation, appended'],
  ];
  return (
    <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500">{term}</dt>
          <dd className="break-words whitespace-pre-wrap">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
