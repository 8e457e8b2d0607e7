import { MAX_MEMORY_FACTS, memoryFactTextSchema } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FormBanner } from '../../../components/form/form-banner';
import { Spinner } from '../../../components/spinner';
import { Switch } from '../../../components/switch';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { memoryQuery, useMemoryMutations } from '../api/memory-queries';
import { MemoryFactRow } from './memory-fact-row';

/**
 * Settings → Memory: the switch (off by default), the facts newest first with edit and delete, and
 * a field to add one. The facts go into chats' system prompts only while the switch is on.
 */
export function MemorySettings() {
  const memory = useQuery(memoryQuery());
  const { toggle, add, edit, remove } = useMemoryMutations();
  const [draft, setDraft] = useState('');
  const [addError, setAddError] = useState<string>();
  const inputId = useId();
  const errorId = useId();

  if (memory.isPending) return <Spinner />;
  if (memory.isError) return <FormBanner message={memory.error.message} />;
  const { enabled, facts } = memory.data;
  const full = facts.length >= MAX_MEMORY_FACTS;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = memoryFactTextSchema.safeParse(draft);
    if (!parsed.success) {
      setAddError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await add.mutateAsync(parsed.data);
      setDraft('');
      setAddError(undefined);
    } catch (failed) {
      setAddError(failed instanceof Error ? failed.message : String(failed));
    }
  };
  const changeError = toggle.error ?? remove.error;

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200">
        <p className="text-sm text-slate-800">{enabled ? 'Memory is on' : 'Memory is off'}</p>
        <Switch
          checked={enabled}
          label="Use memory in chats"
          busy={toggle.isPending}
          disabled={toggle.isPending}
          onChange={(on) => toggle.mutate(on)}
        />
      </div>
      {changeError ? <FormBanner message={changeError.message} /> : null}
      <form onSubmit={submit} className="space-y-1">
        <label htmlFor={inputId} className="block text-xs font-medium text-slate-700">
          New fact
        </label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={draft}
            placeholder="I prefer TypeScript."
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? errorId : undefined}
          />
          <Button type="submit" variant="primary" disabled={add.isPending || full}>
            Add fact
          </Button>
        </div>
        {addError ? (
          <p id={errorId} role="alert" className="text-xs text-red-700">
            {addError}
          </p>
        ) : null}
      </form>
      {facts.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
          Nothing remembered yet.
        </p>
      ) : (
        <ul aria-label="Remembered facts" className="space-y-2">
          {facts.map((fact) => (
            <MemoryFactRow
              key={fact.factId}
              fact={fact}
              busy={
                (edit.isPending && edit.variables.factId === fact.factId) ||
                (remove.isPending && remove.variables === fact.factId)
              }
              onSave={(text) => edit.mutateAsync({ factId: fact.factId, text })}
              onDelete={() => remove.mutate(fact.factId)}
            />
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-500">
        {facts.length} of {MAX_MEMORY_FACTS} facts.
      </p>
    </div>
  );
}
