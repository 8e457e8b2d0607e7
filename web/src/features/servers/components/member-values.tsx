import { errorMessage } from '@agentforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Dialog } from '../../../components/dialog';
import { FormBanner } from '../../../components/form/form-banner';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { serverKeys } from '../api/queries';
import { removeMemberValues, saveMemberValues } from '../api/server-features';
import type { ServerView } from '../api/servers';

const YOUR_VALUES_TITLE = 'Your values';

/** The member variables the caller has not given a value for. */
const missingValues = (server: ServerView) =>
  (server.memberVariables ?? []).filter((name) => !(name in (server.myValues ?? {})));

function ValuesDialog({ server, onClose }: { server: ServerView; onClose: () => void }) {
  const formId = useId();
  const client = useQueryClient();
  const names = server.memberVariables ?? [];
  const stored = server.myValues ?? {};
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...stored }));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<ServerView>) => {
    setFailure(null);
    setBusy(true);
    try {
      const view = await action();
      client.setQueryData<ServerView[]>(serverKeys.list(), (list = []) =>
        list.map((s) => (s.id === view.id ? view : s)),
      );
      onClose();
    } catch (error) {
      setFailure(errorMessage(error) || 'Failed to save your values');
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={YOUR_VALUES_TITLE}
      description={server.name}
      onClose={onClose}
      footer={
        <>
          {Object.keys(stored).length ? (
            <ConfirmDialog
              title="Remove your values"
              description={`Remove your values for "${server.name}"? Your instance of it stops, and it cannot start for you until you enter them again.`}
              confirmLabel="Remove"
              onConfirm={() => void run(() => removeMemberValues(server.id))}
              trigger={
                <Button disabled={busy} className="mr-auto text-red-700">
                  Remove my values
                </Button>
              }
            />
          ) : null}
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="strong" type="submit" form={formId} disabled={busy}>
            Save
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => saveMemberValues(server.id, values));
        }}
      >
        {failure ? <FormBanner message={failure} /> : null}
        <p className="text-sm text-slate-600">
          Only your own instance of this server gets these values, when it starts; no other member and no
          Admin sees them. Stored values stay hidden: leave one as it is to keep it.
        </p>
        {names.map((name) => (
          <TextField
            key={name}
            label={name}
            type="password"
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            value={values[name] ?? ''}
            onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          />
        ))}
      </form>
    </Dialog>
  );
}

/**
 * On a team server whose variables each member supplies: whether the caller has given theirs (the
 * server does not start for them until they have), and the dialog to enter, replace or remove them.
 */
export function MemberValues({ server }: { server: ServerView }) {
  const [open, setOpen] = useState(false);
  const missing = missingValues(server);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 px-2.5 py-2 ring-1 ring-slate-200">
      <KeyRoundIcon className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
      <p className={`min-w-0 flex-1 text-xs ${missing.length ? 'text-amber-800' : 'text-slate-600'}`}>
        {missing.length ? `Needs your own value for ${missing.join(', ')}` : 'Your own values are set'}
      </p>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`${missing.length ? 'Enter' : 'Change'} your values for ${server.name}`}
        className="shrink-0 rounded-md px-2 py-1 text-xs font-semibold text-indigo-700 ring-1 ring-indigo-600/30 transition hover:bg-indigo-50"
      >
        {missing.length ? 'Enter your values' : 'Change your values'}
      </button>
      {open ? <ValuesDialog server={server} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
