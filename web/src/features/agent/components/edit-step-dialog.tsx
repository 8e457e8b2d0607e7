import { type AgentPlanStep, errorMessage, type PlanMode, type UpdatePlanStepBody } from '@agentforge/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { FormBanner } from '../../../components/form/form-banner';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { fieldVariants } from '../../../components/ui/input';

export const ARGUMENTS_NOT_OBJECT = 'The arguments must be a JSON object, like {"message": "hi"}.';
export const DESCRIPTION_REQUIRED = 'Please describe the step.';

type EditStepDialogProps = {
  mode: PlanMode;
  step: AgentPlanStep;
  number: number;
  onSave: (changes: UpdatePlanStepBody) => Promise<void>;
  onClose: () => void;
};

function TextArea({
  label,
  value,
  onChange,
  error,
  hint,
  rows = 3,
  mono = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  rows?: number;
  mono?: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        spellCheck={!mono}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={fieldVariants({ size: 'lg', className: mono ? 'font-mono text-xs' : undefined })}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-slate-500">{hint}</p>
      ) : null}
    </div>
  );
}

/** The arguments as typed, if they are a JSON object. */
function parseArguments(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Changes a pending step before it is confirmed: an MCP Server step's tool arguments (JSON), else
 * its description, and in Multi Agent its role and instructions. Only what changed is sent; the
 * API's refusal (arguments that do not fit the tool) shows in the dialog.
 */
export function EditStepDialog({ mode, step, number, onSave, onClose }: EditStepDialogProps) {
  const formId = useId();
  const toolStep = mode === 'mcp' && step.tool !== undefined;
  const [description, setDescription] = useState(step.description);
  const [args, setArgs] = useState(JSON.stringify(step.arguments ?? {}, null, 2));
  const [role, setRole] = useState(step.role ?? '');
  const [instructions, setInstructions] = useState(step.instructions ?? '');
  const [invalid, setInvalid] = useState<{ field: 'arguments' | 'description'; message: string } | null>(
    null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function changes(): UpdatePlanStepBody | null {
    const body: UpdatePlanStepBody = {};
    if (toolStep) {
      const parsed = parseArguments(args);
      if (!parsed) {
        setInvalid({ field: 'arguments', message: ARGUMENTS_NOT_OBJECT });
        return null;
      }
      if (JSON.stringify(parsed) !== JSON.stringify(step.arguments ?? {})) body.arguments = parsed;
      return body;
    }
    if (!description.trim()) {
      setInvalid({ field: 'description', message: DESCRIPTION_REQUIRED });
      return null;
    }
    if (description.trim() !== step.description) body.description = description.trim();
    if (mode === 'multi_agent') {
      if (role.trim() && role.trim() !== (step.role ?? '')) body.role = role.trim();
      if (instructions.trim() !== (step.instructions ?? '')) body.instructions = instructions.trim();
    }
    return body;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setInvalid(null);
    setFailure(null);
    const body = changes();
    if (!body) return;
    if (Object.keys(body).length === 0) return onClose();
    setSaving(true);
    try {
      await onSave(body);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      setSaving(false);
    }
  }

  const fieldError = (field: 'arguments' | 'description') =>
    invalid?.field === field ? invalid.message : null;
  return (
    <Dialog
      title={`Edit step ${number}`}
      description={toolStep ? `Arguments of the ${step.tool} tool call` : step.description}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="strong" form={formId} disabled={saving}>
            Save step
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {failure ? <FormBanner message={failure} /> : null}
        <fieldset disabled={saving} className="space-y-4">
          {toolStep ? (
            <TextArea
              label="Arguments (JSON)"
              value={args}
              onChange={setArgs}
              error={fieldError('arguments')}
              hint="They must fit the tool's input schema."
              rows={8}
              mono
            />
          ) : (
            <TextArea
              label="Description"
              value={description}
              onChange={setDescription}
              error={fieldError('description')}
            />
          )}
          {mode === 'multi_agent' ? (
            <>
              <TextField label="Role" value={role} onChange={(event) => setRole(event.target.value)} />
              <TextArea label="Role instructions" value={instructions} onChange={setInstructions} rows={4} />
            </>
          ) : null}
        </fieldset>
      </form>
    </Dialog>
  );
}
