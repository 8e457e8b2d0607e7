import { TOOL_APPROVAL_MESSAGES, type ToolApproval, type ToolApprovalDecision } from '@agentforge/shared';
import { ShieldQuestionIcon } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ToolValueSection } from './tool-call-card';

const DECIDED: Readonly<
  Record<Exclude<ToolApproval['state'], 'pending'>, { label: string; tone: BadgeTone }>
> = {
  allow_once: { label: 'Allowed once', tone: 'success' },
  always_allow: { label: 'Always allowed', tone: 'success' },
  deny: { label: 'Denied', tone: 'danger' },
};

/**
 * A reply paused at a tool call that asks first: the tool's name and its arguments (as text), with
 * Allow once / Always allow / Deny while it waits; the decision once made. `onDecide` is absent
 * where no decision can be made (a message sent since, a reply streaming). `alwaysAllow` false: the
 * caller may not change the server's policy (a team's User), so only Allow once / Deny are offered.
 */
export function ToolApprovalCard({
  approval,
  onDecide,
  alwaysAllow = true,
}: {
  approval: ToolApproval;
  onDecide?: ((decision: ToolApprovalDecision) => void) | undefined;
  alwaysAllow?: boolean | undefined;
}) {
  const decided = approval.state === 'pending' ? null : DECIDED[approval.state];
  const headingId = `approval-${approval.toolCallId}`;
  return (
    <section aria-labelledby={headingId} className="my-2 rounded-xl bg-amber-50/60 p-3 ring-1 ring-amber-200">
      <div className="flex flex-wrap items-center gap-2">
        <ShieldQuestionIcon aria-hidden="true" className="size-4 shrink-0 text-amber-700" />
        <h3 id={headingId} className="min-w-0 text-sm font-semibold break-words text-slate-800">
          Allow the tool <span className="font-mono">{approval.name}</span>?
        </h3>
        {decided ? <Badge tone={decided.tone}>{decided.label}</Badge> : null}
      </div>
      <div className="mt-2">
        <ToolValueSection title="Arguments" value={approval.input ?? {}} />
      </div>
      {decided ? null : onDecide ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="primary" onClick={() => onDecide('allow_once')}>
            Allow once
          </Button>
          {alwaysAllow ? (
            <Button size="sm" onClick={() => onDecide('always_allow')}>
              Always allow
            </Button>
          ) : null}
          <Button size="sm" variant="danger" onClick={() => onDecide('deny')}>
            Deny
          </Button>
          {alwaysAllow ? null : (
            <p className="basis-full text-xs text-slate-600">
              {TOOL_APPROVAL_MESSAGES.alwaysAllowAdminsOnly}
            </p>
          )}
        </div>
      ) : (
        <p className="mt-2 text-xs text-slate-600">Not decided: a later message answered instead.</p>
      )}
    </section>
  );
}
