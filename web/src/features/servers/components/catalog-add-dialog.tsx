import {
  type CatalogEntry,
  catalogCreateRequest,
  catalogRequiredInputs,
  catalogServerName,
  errorMessage,
  SERVER_MESSAGES,
} from '@agentforge/shared';
import { useId, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { FormBanner } from '../../../components/form/form-banner';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { useSpaceName } from '../../teams/hooks/use-space-name';
import type { ServerView } from '../api/servers';
import type { ServersState } from '../hooks/use-servers';

type CatalogAddDialogProps = {
  entry: CatalogEntry;
  servers: Pick<ServersState, 'create'>;
  onAdded: (server: ServerView) => void;
  onClose: () => void;
};

/**
 * 'Add' for a catalog entry that needs values: a field for exactly each required variable (a
 * secret one as a password field; every value is stored encrypted, shown masked afterwards).
 */
export function CatalogAddDialog({ entry, servers, onAdded, onClose }: CatalogAddDialogProps) {
  const formId = useId();
  const space = useSpaceName();
  const inputs = catalogRequiredInputs(entry);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(
      inputs.flatMap((input) =>
        (values[input.name] ?? '').trim() ? [] : [[input.name, `${input.name} is required`] as const],
      ),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const request = catalogCreateRequest(entry, values);
    if (!request) return;
    setFailure(null);
    setSaving(true);
    try {
      onAdded(await servers.create(request));
    } catch (error) {
      setFailure(errorMessage(error) || SERVER_MESSAGES.saveFailed);
      setSaving(false);
    }
  };

  return (
    <Dialog
      title={`Add ${catalogServerName(entry)}`}
      description={`${entry.description}${space ? ` New server in ${space}.` : ''}`}
      initialFocus="field"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="strong" type="submit" form={formId} disabled={saving}>
            Add server
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {failure ? <FormBanner message={failure} /> : null}
        {inputs.map((input) => (
          <div key={input.name} className="space-y-1">
            <TextField
              label={input.name}
              type={input.isSecret ? 'password' : 'text'}
              autoComplete="off"
              spellCheck={false}
              placeholder={input.placeholder}
              className="font-mono"
              value={values[input.name] ?? ''}
              error={errors[input.name]}
              disabled={saving}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [input.name]: value }));
              }}
            />
            {input.description ? <p className="text-xs text-slate-500">{input.description}</p> : null}
          </div>
        ))}
        <p className="text-xs text-slate-500">
          Values are stored encrypted and shown masked afterwards. Optional settings can be added later in the
          server's configuration.
        </p>
      </form>
    </Dialog>
  );
}
