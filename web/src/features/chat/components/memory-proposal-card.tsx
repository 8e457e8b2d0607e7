import type { ToolCall } from '@agentforge/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { addMemoryFact } from '../../settings/api/memory';
import { memoryKeys, memoryQuery } from '../../settings/api/memory-queries';
import { ToolCallCard } from './tool-call-card';

/**
 * The model's `remember` call (docs/decisions/chat.md, "Memory"): the fact it proposes, saved to
 * the user's memory only when they press Save. A fact already in memory reads as saved.
 */
export function MemoryProposalCard({ fact }: { fact: string }) {
  const client = useQueryClient();
  const memory = useQuery(memoryQuery());
  const [state, setState] = useState<'open' | 'saving' | 'saved' | 'dismissed'>('open');
  const [error, setError] = useState<string>();
  const known = memory.data?.facts.some((saved) => saved.text === fact.trim()) ?? false;

  const save = async () => {
    setState('saving');
    setError(undefined);
    try {
      await addMemoryFact(fact);
      setState('saved');
      await client.invalidateQueries({ queryKey: memoryKeys.all() });
    } catch (failed) {
      setState('open');
      setError(failed instanceof Error ? failed.message : String(failed));
    }
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
          Not saved.
        </p>
      ) : (
        <div className="mt-2 flex gap-2">
          <Button size="xs" variant="primary" disabled={state === 'saving'} onClick={save}>
            Save
          </Button>
          <Button size="xs" disabled={state === 'saving'} onClick={() => setState('dismissed')}>
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
 * approval, or the plain tool card when it failed (a fact too long: the model was told why).
 */
export default function MemoryProposal({ call }: { call: ToolCall }) {
  const fact = (call.input as { fact?: unknown } | null)?.fact;
  if (call.status === 'error' || typeof fact !== 'string') return <ToolCallCard call={call} />;
  return <MemoryProposalCard fact={fact} />;
}
