import { type AgentPlanStep, type PlanStepStatus, SYNTHESIS_ROLE } from '@agentforge/shared';
import { CheckIcon, PencilIcon, RotateCcwIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { MarkdownContent } from '../../chat/components/markdown-content';

const STATUS: Readonly<Record<PlanStepStatus, { label: string; tone: BadgeTone }>> = {
  pending: { label: 'Pending', tone: 'neutral' },
  in_progress: { label: 'In progress', tone: 'info' },
  completed: { label: 'Completed', tone: 'success' },
  error: { label: 'Error', tone: 'danger' },
  interrupted: { label: 'Interrupted', tone: 'warning' },
  cancelled: { label: 'Cancelled', tone: 'outline' },
};

export const RETRY_LABEL = 'Retry';

const CHANGE_LABEL = { added: 'Added', revised: 'Revised' } as const;

/** Outputs longer than this start collapsed. */
const LONG_OUTPUT_CHARS = 400;

function StatusMarker({ status, number }: { status: PlanStepStatus; number: number }) {
  const base = 'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold';
  switch (status) {
    case 'completed':
      return (
        <span aria-hidden="true" className={`${base} bg-emerald-500 text-white`}>
          <CheckIcon className="size-3.5" />
        </span>
      );
    case 'error':
      return (
        <span aria-hidden="true" className={`${base} bg-red-500 text-white`}>
          <XIcon className="size-3.5" />
        </span>
      );
    case 'in_progress':
      return (
        <span
          aria-hidden="true"
          className={`${base} animate-spin border-2 border-sky-200 border-t-sky-600 text-transparent`}
        />
      );
    default:
      return (
        <span aria-hidden="true" className={`${base} bg-slate-100 text-slate-600 ring-1 ring-slate-300`}>
          {number}
        </span>
      );
  }
}

/** A step's output (Markdown), collapsed to its first lines when long. */
function StepOutput({ output, number }: { output: string; number: number }) {
  const long = output.length > LONG_OUTPUT_CHARS;
  const [open, setOpen] = useState(!long);
  const id = useId();
  return (
    <div className="mt-2">
      <div
        id={id}
        className={`relative rounded-lg bg-white px-3 py-1 text-sm ring-1 ring-slate-200 ${
          open ? '' : 'max-h-28 overflow-hidden'
        }`}
      >
        <MarkdownContent content={output} />
        {open ? null : (
          <div className="pointer-events-none absolute inset-x-0 bottom-0 h-10 rounded-b-lg bg-gradient-to-t from-white" />
        )}
      </div>
      {long ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          aria-label={`${open ? 'Show less' : 'Show more'} of the output of step ${number}`}
          onClick={() => setOpen(!open)}
          className="mt-1 rounded text-xs font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          {open ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}

type PlanStepItemProps = {
  step: AgentPlanStep;
  /** 1-based. */
  number: number;
  /** Step ids to their numbers (Multi Agent dependencies read 'after step N'). */
  numbers: ReadonlyMap<string, number>;
  /** Shown as running (a stream of this page, or found in progress). */
  running: boolean;
  onEdit?: (() => void) | undefined;
  /** An interrupted step: runs it again. */
  onRetry?: (() => void) | undefined;
};

/**
 * One step of the plan: its status, description, what the mode adds (MCP Server: the tool and its
 * arguments; Multi Agent: the role and what it runs after; Generic Agent: what the last re-plan
 * changed), its output and its error.
 */
export function PlanStepItem({ step, number, numbers, running, onEdit, onRetry }: PlanStepItemProps) {
  const status: PlanStepStatus = running ? 'in_progress' : step.status;
  const look = STATUS[status];
  const after = (step.dependsOn ?? []).map((id) => numbers.get(id)).filter((n) => n !== undefined);
  const synthesis = step.role === SYNTHESIS_ROLE;
  return (
    <li className="flex gap-3 py-2.5">
      <StatusMarker status={status} number={number} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="min-w-0 text-sm font-medium break-words text-slate-900">
            <span className="sr-only">Step {number}: </span>
            {step.description}
          </p>
          <Badge tone={look.tone} size="sm">
            {look.label}
          </Badge>
          {step.change ? (
            <Badge tone="warning" size="sm">
              {CHANGE_LABEL[step.change]}
            </Badge>
          ) : null}
          {onEdit ? (
            <button
              type="button"
              onClick={onEdit}
              aria-label={`Edit step ${number}`}
              className="ml-auto rounded-md p-1 text-slate-500 transition hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <PencilIcon className="size-3.5" />
            </button>
          ) : null}
        </div>
        {step.role || after.length > 0 || !step.requiresConfirmation ? (
          <p className="mt-1 flex flex-wrap gap-1.5 text-xs text-slate-600">
            {step.role ? (
              <Badge tone="violet" size="sm">
                {synthesis ? 'Synthesis' : step.role}
              </Badge>
            ) : null}
            {after.length > 0 ? (
              <Badge tone="outline" size="sm">
                after step {after.join(', ')}
              </Badge>
            ) : null}
            {step.requiresConfirmation ? null : (
              <Badge tone="outline" size="sm">
                Runs without asking
              </Badge>
            )}
          </p>
        ) : null}
        {step.tool ? (
          <div className="mt-1.5 text-xs text-slate-600">
            <p>
              Tool{' '}
              <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-800">{step.tool}</code>
            </p>
            {step.arguments ? (
              <ScrollRegion
                label={`Arguments of step ${number}`}
                className="mt-1 max-h-32 overflow-auto rounded-lg bg-white ring-1 ring-slate-200"
              >
                <pre className="p-2 font-mono text-xs text-slate-700">
                  {JSON.stringify(step.arguments, null, 2)}
                </pre>
              </ScrollRegion>
            ) : null}
          </div>
        ) : null}
        {step.output ? <StepOutput output={step.output} number={number} /> : null}
        {step.error ? (
          <p className={`mt-1.5 text-sm ${status === 'interrupted' ? 'text-amber-800' : 'text-red-700'}`}>
            {step.error}
          </p>
        ) : null}
        {onRetry ? (
          <Button onClick={onRetry} aria-label={`${RETRY_LABEL} step ${number}`} className="mt-2">
            <RotateCcwIcon aria-hidden="true" className="size-3.5" />
            {RETRY_LABEL}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
