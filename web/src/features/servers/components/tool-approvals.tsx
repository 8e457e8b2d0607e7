import { DEFAULT_TOOL_POLICY, type ToolPolicy } from '@agentforge/shared';
import { ShieldCheckIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { ServerView } from '../api/servers';

// Loaded when first opened: the chat page carries the server cards, not this form.
const ToolApprovalsDialog = lazy(() =>
  import('./tool-approvals-dialog').then((module) => ({ default: module.ToolApprovalsDialog })),
);

/** The card's one line: what the policy does, in words. */
export function policySummary(policy: ToolPolicy | undefined): string {
  const current = policy ?? DEFAULT_TOOL_POLICY;
  const own = Object.keys(current.tools).length;
  const base =
    current.default === 'allow'
      ? 'Tools run without asking'
      : current.default === 'ask'
        ? 'Asks before tools that may change things'
        : 'No tool is offered';
  return own ? `${base}; ${own} tool${own === 1 ? '' : 's'} set apart` : base;
}

/** On a server's card (for who may configure it): what its tool approvals do, and the dialog to set them. */
export function ToolApprovals({ server }: { server: ServerView }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 px-2.5 py-2 ring-1 ring-slate-200">
      <ShieldCheckIcon className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-xs text-slate-600">{policySummary(server.toolPolicy)}</p>
      <Button size="xs" onClick={() => setOpen(true)} aria-label={`Tool approvals for ${server.name}`}>
        Tool approvals
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ToolApprovalsDialog server={server} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
