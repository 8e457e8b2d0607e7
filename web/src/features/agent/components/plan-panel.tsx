import {
  AGENT_MESSAGES,
  AGENT_MODE_LABELS,
  type AgentPlan,
  type AgentPlanStep,
  type AgentStatus,
  isPlanOpen,
  type PlanRevision,
} from '@agentforge/shared';
import { ListChecksIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { Button } from '../../../components/ui/button';
import type { PlanPanelState } from '../hooks/use-agent';
import { EditStepDialog } from './edit-step-dialog';
import { PlanStepItem } from './plan-step';

export const PANEL_TITLE = 'Current Plan';
export const PROCEED_LABEL = 'Yes, proceed';
export const CANCEL_LABEL = 'No, cancel';

const STATUS: Readonly<Record<AgentStatus, { label: string; className: string }>> = {
  idle: { label: 'Idle', className: 'bg-slate-100 text-slate-600' },
  planning: { label: 'Planning', className: 'bg-indigo-50 text-indigo-700' },
  executing: { label: 'Executing', className: 'bg-sky-50 text-sky-700' },
  error: { label: 'Error', className: 'bg-red-50 text-red-700' },
};

/** 'Steps 1, 2 and 3' */
function stepsText(numbers: readonly number[]): string {
  if (numbers.length === 1) return `Step ${numbers[0]}`;
  return `Steps ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

function quoted(descriptions: readonly string[]): string {
  return descriptions.map((text) => `“${text}”`).join(', ');
}

/** Generic Agent: what a re-plan changed, after which step. */
function RevisionItem({ revision, after }: { revision: PlanRevision; after: number | undefined }) {
  const parts = [
    revision.added.length ? `added ${quoted(revision.added)}` : '',
    revision.removed.length ? `removed ${quoted(revision.removed)}` : '',
    revision.revised.length ? `revised ${quoted(revision.revised)}` : '',
  ].filter(Boolean);
  return (
    <li>
      <span className="font-medium text-slate-700">After step {after ?? '?'}:</span>{' '}
      {parts.length ? parts.join('; ') : 'no change'}
      {revision.reason ? <span className="text-slate-500"> ({revision.reason})</span> : null}
    </li>
  );
}

function FinalNote({ plan }: { plan: AgentPlan }) {
  if (plan.status === 'completed') {
    return <p className="mt-2 text-sm font-medium text-emerald-700">All steps completed.</p>;
  }
  if (plan.status === 'cancelled')
    return <p className="mt-2 text-sm font-medium text-slate-600">Plan cancelled.</p>;
  if (plan.status === 'error') {
    return (
      <p className="mt-2 text-sm font-medium text-red-700">{plan.error ?? 'The plan stopped on an error.'}</p>
    );
  }
  return null;
}

/**
 * 'Current Plan' (spec 2), above the input: the goal, the steps with their status and output, and
 * 'Would you like to proceed with this step?' for the next ready step(s). It scrolls within a
 * share of the screen; the question and its buttons stay in view below it.
 */
export function PlanPanel({ state }: { state: PlanPanelState }) {
  const titleId = useId();
  const questionId = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const { plan, status, asking } = state;
  const steps = plan?.steps ?? [];
  const numbers = new Map(steps.map((step, index) => [step.id, index + 1]));
  const look = STATUS[status];
  // A finished plan, or a planning that failed, can be put away.
  const canClose = (status === 'idle' || status === 'error') && (!plan || !isPlanOpen(plan));
  const editedStep = steps.find((step) => step.id === editing);

  return (
    <section aria-labelledby={titleId} className="shrink-0 px-4 pb-3 sm:px-6">
      <div className="mx-auto flex max-h-[42dvh] w-full max-w-3xl flex-col overflow-hidden rounded-2xl bg-slate-50 ring-1 ring-slate-200">
        <header className="flex shrink-0 items-center gap-2 border-b border-slate-200 px-4 py-2">
          <ListChecksIcon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <h2 id={titleId} className="text-sm font-semibold text-slate-900">
            {PANEL_TITLE}
          </h2>
          <span className="truncate text-xs text-slate-500">{AGENT_MODE_LABELS[state.mode]}</span>
          <span
            role="status"
            className={`ml-auto shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${look.className}`}
          >
            <span className="sr-only">Agent status: </span>
            {look.label}
          </span>
          {canClose ? (
            <button
              type="button"
              onClick={state.dismiss}
              aria-label="Close the plan"
              className="-mr-1 rounded-md p-1 text-slate-500 transition hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <XIcon className="size-4" />
            </button>
          ) : null}
        </header>
        <ScrollRegion label="Plan steps" className="min-h-0 flex-1 overflow-y-auto px-4 py-2.5">
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">Goal: </span>
            <span className="break-words whitespace-pre-wrap">{state.goal}</span>
          </p>
          {!plan && status === 'planning' ? (
            <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
              <span
                aria-hidden="true"
                className="size-3.5 animate-spin rounded-full border-2 border-indigo-200 border-t-indigo-600"
              />
              Planning the steps…
            </p>
          ) : null}
          {steps.length ? (
            <ol aria-label="Steps" className="mt-1 divide-y divide-slate-200">
              {steps.map((step, index) => (
                <PlanStepItem
                  key={step.id}
                  step={step}
                  number={index + 1}
                  numbers={numbers}
                  running={state.running.has(step.id)}
                  onEdit={state.canEdit(step) ? () => setEditing(step.id) : undefined}
                  onRetry={state.canRetry(step) ? () => state.retry(step) : undefined}
                />
              ))}
            </ol>
          ) : null}
          {plan?.revisions.length ? (
            <div className="mt-2 border-t border-slate-200 pt-2">
              <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Plan changes</h3>
              <ul className="mt-1 space-y-1 text-xs text-slate-600">
                {plan.revisions.map((revision) => (
                  <RevisionItem
                    key={`${revision.afterStepId}-${revision.at}`}
                    revision={revision}
                    after={numbers.get(revision.afterStepId)}
                  />
                ))}
              </ul>
            </div>
          ) : null}
          {plan ? <FinalNote plan={plan} /> : null}
        </ScrollRegion>
        {state.error ? (
          <p
            role="alert"
            className="shrink-0 border-t border-red-200 bg-red-50 px-4 py-2 text-sm text-red-700"
          >
            {state.error}
          </p>
        ) : null}
        {plan && asking.length > 0 ? (
          <Question
            id={questionId}
            asking={asking}
            numbers={numbers}
            busy={state.busy}
            onProceed={state.proceed}
            onCancel={state.cancel}
          />
        ) : null}
      </div>
      {plan && editedStep ? (
        <EditStepDialog
          mode={plan.mode}
          step={editedStep}
          number={numbers.get(editedStep.id) ?? 0}
          onSave={(changes) => state.edit(editedStep.id, changes)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

function Question({
  id,
  asking,
  numbers,
  busy,
  onProceed,
  onCancel,
}: {
  id: string;
  asking: readonly AgentPlanStep[];
  numbers: ReadonlyMap<string, number>;
  busy: boolean;
  onProceed: () => void;
  onCancel: () => void;
}) {
  const which = stepsText(asking.map((step) => numbers.get(step.id) ?? 0));
  const [first] = asking;
  return (
    <fieldset
      aria-labelledby={id}
      className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-t border-slate-200 bg-white px-4 py-2.5"
    >
      <div className="min-w-0 flex-1 basis-56">
        <p id={id} className="text-sm font-semibold text-slate-900">
          {AGENT_MESSAGES.proceedQuestion}
        </p>
        <p className="truncate text-xs text-slate-600">
          {asking.length === 1 && first ? `${which}: ${first.description}` : `${which} run in parallel.`}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button onClick={onCancel} disabled={busy}>
          {CANCEL_LABEL}
        </Button>
        <Button variant="strong" onClick={onProceed} disabled={busy}>
          {PROCEED_LABEL}
        </Button>
      </div>
    </fieldset>
  );
}
