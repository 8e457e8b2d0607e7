import { errorMessage, workspacePathSchema } from '@agentforge/shared';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { Button } from '../../../components/ui/button';

/** Renames (moves) a file: the new path follows the same rules as a new file's. */
export function RenameFileDialog({
  path,
  onRename,
  onClose,
}: {
  path: string;
  onRename: (to: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(path);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = workspacePathSchema.safeParse(name.trim());
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    setBusy(true);
    try {
      await onRename(checked.data);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <Dialog title={`Rename ${path}`} onClose={onClose} width="max-w-sm">
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
        <div>
          <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
            New name
          </label>
          <input
            id={id}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="w-full rounded-lg border border-slate-300 px-2.5 py-1.5 text-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500"
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end">
          <Button type="submit" variant="primary" size="sm" disabled={busy}>
            Rename
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
