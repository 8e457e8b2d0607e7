import type { MemoryDecision, ToolCall } from '@agentforge/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { addMemoryFact, decideMemoryProposal, type ProposalRef } from '../../settings/api/memory';
import { memoryKeys, memoryQuery } from '../../settings/api/memory-queries';
import { ToolCallCard } from './tool-call-card';

type State = 'open' | 'saving' | MemoryDecision;

/**
 * Decisions made on this page: the cached reply does not carry them until it is read again, and
 * the chat's virtualized list remounts a card scrolled back into view.
 */
const decidedHere = new Map<string, MemoryDecision>();
const keyOf = (ref: ProposalRef) => `${ref.conversationId}/${ref.messageId}/${ref.toolCallId}`;

/**
 * The model's `remember` call (docs/decisions/chat.md, "Memory"): the fact it proposes, saved to
 * the user's memory only when they press Save. Save or Dismiss is kept with the reply (`proposal`:
 * where it is; `decided`: what was stored), so the card shows it after a reload and on other
 * devices; a fact already in memory reads as saved.
 */
export function MemoryProposalCard({
  fact,
  proposal,
  decided,
}: {
  fact: string;
  proposal?: ProposalRef | undefined;
  decided?: MemoryDecision | undefined;
}) {
  const client = useQueryClient();
  const memory = useQuery(memoryQuery());
  const [state, setState] = useState<State>(
    () => (proposal && decidedHere.get(keyOf(proposal))) ?? decided ?? 'open',
  );
  const [error, setError] = useState<string>();
  const known = memory.data?.facts.some((saved) => saved.text === fact.trim()) ?? false;

  /** Keeps the decision with the reply; a failure is said, the card showing the decision anyway. */
  const keep = async (decision: MemoryDecision) => {
    if (!proposal) return;
    decidedHere.set(keyOf(proposal), decision);
    try {
      await decideMemoryProposal(proposal, decision);
    } catch (failed) {
      setError(
        `Could not keep this choice for later: ${failed instanceof Error ? failed.message : String(failed)}`,
      );
    }
  };

  const save = async () => {
    setState('saving');
    setError(undefined);
    try {
      await addMemoryFact(fact);
    } catch (failed) {
      setState('open');
      setError(failed instanceof Error ? failed.message : String(failed));
      return;
    }
    setState('saved');
    await Promise.all([keep('saved'), client.invalidateQueries({ queryKey: memoryKeys.all() })]);
  };

  const dismiss = async () => {
    setState('dismissed');
    setError(undefined);
    await keep('dismissed');
  };

  return (
    <Card role="group" aria-label="Remember this?" className="my-2 p-3">
      <p className="text-xs font-semibold text-slate-600">Remember this?</p>
      <p className="mt-1 text-sm break-words text-slate-900">{fact}</p>
      {state === 'saved' || (known && state !== 'dismissed') ? (
        <p role="status" className="mt-2 text-xs font-medium text-emerald-700">
          Saved to memory.
        </p>
      ) : state === 'dismissed' ? (
        <p role="status" className="mt-2 text-xs text-slate-500">
          Dismissed: not saved.
        </p>
      ) : (
        <div className="mt-2 flex gap-2">
          <Button size="xs" variant="primary" disabled={state === 'saving'} onClick={save}>
            Save
          </Button>
          <Button size="xs" disabled={state === 'saving'} onClick={dismiss}>
            Dismiss
          </Button>
        </div>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  );
}

/**
 * A `remember` call (the model's memory tool: no server) as the chat shows it: its fact for
 * approval with the decision kept on `message`, or the plain tool card when it failed (a fact too
 * long: the model was told why).
 */
export default function MemoryProposal({
  call,
  message,
}: {
  call: ToolCall;
  message?: {
    id: string;
    conversationId: string;
    memoryDecisions?: Record<string, MemoryDecision> | undefined;
  };
}) {
  const fact = (call.input as { fact?: unknown } | null)?.fact;
  if (call.status === 'error' || typeof fact !== 'string') return <ToolCallCard call={call} />;
  const proposal = message
    ? { conversationId: message.conversationId, messageId: message.id, toolCallId: call.id }
    : undefined;
  return <MemoryProposalCard fact={fact} proposal={proposal} decided={message?.memoryDecisions?.[call.id]} />;
}
