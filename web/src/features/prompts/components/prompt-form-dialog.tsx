import { type Prompt, type PromptInput, promptInputSchema } from '@agentforge/shared';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { fieldVariants } from '../../../components/ui/input';

type PromptFormDialogProps = {
  /** The prompt to edit; none: a new one. */
  prompt?: Prompt | undefined;
  /** Where a new prompt goes ('Share with the team' for a team's Admin); none: the caller's own. */
  teamName?: string | undefined;
  /** 'Share with the team' starts ticked (the team's library is shown). */
  shareByDefault?: boolean;
  onSave: (input: PromptInput, shareWithTeam: boolean) => Promise<unknown>;
  onClose: () => void;
};

/** Create or edit a prompt: title, text with `{{variables}}`, an optional description and tags. */
export function PromptFormDialog({
  prompt,
  teamName,
  shareByDefault,
  onSave,
  onClose,
}: PromptFormDialogProps) {
  const [title, setTitle] = useState(prompt?.title ?? '');
  const [body, setBody] = useState(prompt?.body ?? '');
  const [description, setDescription] = useState(prompt?.description ?? '');
  const [tags, setTags] = useState(prompt?.tags.join(', ') ?? '');
  const [share, setShare] = useState(Boolean(teamName && shareByDefault));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = promptInputSchema.safeParse({
      title,
      body,
      ...(description.trim() ? { description } : {}),
      tags: tags.split(',').filter((tag) => tag.trim() !== ''),
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(parsed.data, share);
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      title={prompt ? 'Edit prompt' : 'New prompt'}
      onClose={onClose}
      initialFocus="field"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={id} variant="primary" disabled={saving}>
            Save
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
        <TextField
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title}
        />
        <div className="space-y-1.5">
          <label htmlFor={`${id}-body`} className="block text-sm font-medium text-slate-700">
            Prompt
          </label>
          <textarea
            id={`${id}-body`}
            rows={6}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={`${id}-body-hint`}
            className={fieldVariants({ size: 'lg' })}
          />
          <p
            id={`${id}-body-hint`}
            className={errors.body ? 'text-sm text-red-600' : 'text-sm text-slate-500'}
          >
            {errors.body ?? 'Write {{name}} where a value is asked for when the prompt is used.'}
          </p>
        </div>
        <TextField
          label="Description (optional)"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
        />
        <TextField
          label="Tags (optional, comma-separated)"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          error={errors.tags}
        />
        {teamName && !prompt ? (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={share} onChange={(e) => setShare(e.target.checked)} />
            Share with {teamName} (its members can use it; its Admins edit it)
          </label>
        ) : null}
      </form>
    </Dialog>
  );
}
