import { fillPromptVariables, type Prompt, promptVariables } from '@agentforge/shared';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';

type PromptVariablesDialogProps = {
  prompt: Prompt;
  onInsert: (text: string) => void;
  onClose: () => void;
};

/** One labelled field per `{{variable}}` of the prompt; 'Insert' puts the filled text in the message box. */
export function PromptVariablesDialog({ prompt, onInsert, onClose }: PromptVariablesDialogProps) {
  const variables = promptVariables(prompt.body);
  const [values, setValues] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The dialog is portaled but React bubbles its submit to the message box's form: stop it there.
    event.stopPropagation();
    onInsert(fillPromptVariables(prompt.body, values));
  }

  return (
    <Dialog
      title={prompt.title}
      description="Fill in the prompt's variables; the text goes into the message box for you to review and send."
      onClose={onClose}
      initialFocus="field"
    >
      {/* The buttons inside the form: Enter in any field submits it. */}
      <form onSubmit={onSubmit} className="space-y-4">
        {variables.map((name) => (
          <TextField
            key={name}
            label={name}
            value={values[name] ?? ''}
            onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          />
        ))}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary">
            Insert
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
