import { type MemoryFact, memoryFactTextSchema } from '@agentforge/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

type MemoryFactRowProps = {
  fact: MemoryFact;
  busy: boolean;
  /** Resolves when saved; rejects with the server's reason (the row stays in edit mode). */
  onSave: (text: string) => Promise<unknown>;
  onDelete: () => void;
};

/** A remembered fact: its text, Edit (in place: Save or Cancel, Escape cancels) and Delete. */
export function MemoryFactRow({ fact, busy, onSave, onDelete }: MemoryFactRowProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(fact.text);
  const [error, setError] = useState<string>();
  const inputId = useId();
  const errorId = useId();

  const cancel = () => {
    setEditing(false);
    setText(fact.text);
    setError(undefined);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = memoryFactTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await onSave(parsed.data);
      setEditing(false);
      setError(undefined);
    } catch (failed) {
      setError(failed instanceof Error ? failed.message : String(failed));
    }
  };

  if (editing) {
    return (
      <li className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
        <form onSubmit={save} onKeyDown={(event) => event.key === 'Escape' && cancel()}>
          <label htmlFor={inputId} className="sr-only">
            Edit fact
          </label>
          <Input
            id={inputId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            autoFocus
          />
          {error ? (
            <p id={errorId} role="alert" className="mt-1 text-xs text-red-700">
              {error}
            </p>
          ) : null}
          <div className="mt-2 flex justify-end gap-1">
            <Button size="xs" variant="ghost" onClick={cancel}>
              Cancel
            </Button>
            <Button size="xs" variant="primary" type="submit" disabled={busy}>
              Save
            </Button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="flex items-start gap-2 rounded-xl bg-white p-3 ring-1 ring-slate-200">
      <p className="min-w-0 flex-1 text-sm break-words text-slate-800">{fact.text}</p>
      <div className="flex shrink-0 items-center gap-1">
        <Button size="xs" onClick={() => setEditing(true)} aria-label={`Edit fact: ${fact.text}`}>
          Edit
        </Button>
        <Button
          size="xs"
          variant="ghost"
          className="text-red-600 hover:bg-red-50"
          disabled={busy}
          onClick={onDelete}
          aria-label={`Delete fact: ${fact.text}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
