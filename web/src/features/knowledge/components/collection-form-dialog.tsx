import { type Collection, type CollectionInput, collectionInputSchema } from '@agentforge/shared';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { fieldVariants } from '../../../components/ui/input';

type CollectionFormDialogProps = {
  /** The collection to rename or describe; none: a new one. */
  collection?: Collection | undefined;
  /** A new collection's team (its Admins manage it), named in the title. */
  teamName?: string | undefined;
  /** Resolves once saved; rejects with the message to show. */
  onSave: (input: Omit<CollectionInput, 'teamId'>) => Promise<unknown>;
  onClose: () => void;
};

/** Create a collection, or rename and describe one: a name and an optional description. */
export function CollectionFormDialog({ collection, teamName, onSave, onClose }: CollectionFormDialogProps) {
  const [name, setName] = useState(collection?.name ?? '');
  const [description, setDescription] = useState(collection?.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = collectionInputSchema.omit({ teamId: true }).safeParse({ name, description });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      await onSave(parsed.data);
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  const title = collection
    ? 'Edit collection'
    : teamName
      ? `New collection for ${teamName}`
      : 'New collection';
  return (
    <Dialog
      title={title}
      description="Files uploaded to a collection are indexed; a chat that attaches it searches them."
      onClose={onClose}
      initialFocus="field"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={id} variant="primary" disabled={saving}>
            {collection ? 'Save' : 'Create'}
          </Button>
        </>
      }
    >
      <form id={id} onSubmit={onSubmit} className="space-y-4" noValidate>
        {failure ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {failure}
          </p>
        ) : null}
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
        <div className="space-y-1.5">
          <label htmlFor={`${id}-description`} className="block text-sm font-medium text-slate-700">
            Description (optional)
          </label>
          <textarea
            id={`${id}-description`}
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${id}-description-error` : undefined}
            className={fieldVariants({ size: 'lg' })}
          />
          {errors.description ? (
            <p id={`${id}-description-error`} className="text-sm text-red-600">
              {errors.description}
            </p>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
