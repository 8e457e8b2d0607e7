import {
  API_KEY_PROVIDERS,
  type ApiKeyProvider,
  errorMessage,
  PROVIDER_DISPLAY_NAMES,
} from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormBanner } from '../../../components/form/form-banner';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { teamKeysQuery, useTeamAction } from '../api/queries';
import { addTeamKey, deleteTeamKey } from '../api/teams';

/** Admins: the team's provider keys (masked); members chat with them in the team space, never seeing them. */
export function TeamKeys({ teamId }: { teamId: string }) {
  const keys = useQuery(teamKeysQuery(teamId));
  const [provider, setProvider] = useState<ApiKeyProvider>('anthropic');
  const [apiKey, setApiKey] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const custom = provider === 'custom';
  const add = useTeamAction(() =>
    addTeamKey(teamId, {
      provider,
      ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
      ...(custom && baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
    }),
  );
  const remove = useTeamAction((keyId: string) => deleteTeamKey(teamId, keyId));
  const error = add.error ?? remove.error ?? keys.error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(undefined, {
      onSuccess: () => {
        setApiKey('');
        setBaseUrl('');
      },
    });
  };
  return (
    <Card asChild>
      <section aria-labelledby="team-keys">
        <h2 id="team-keys" className="text-lg font-semibold text-slate-900">
          Team provider keys
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          Members chat with these in the team space; they never see them.
        </p>
        {error ? <FormBanner message={errorMessage(error)} /> : null}
        <ul className="mt-4 divide-y divide-slate-100">
          {(keys.data ?? []).map((key) => {
            // The provider by its name; a label of its own (an endpoint's URL, by default) beside it.
            const provider = PROVIDER_DISPLAY_NAMES[key.provider];
            const detail = key.label && key.label !== provider ? key.label : null;
            return (
              <li key={key.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0">
                  <span className="font-medium">{provider}</span>
                  {detail ? <span className="ml-2 break-all text-slate-600">{detail}</span> : null}
                  {key.last4 ? <span className="ml-2 font-mono text-slate-500">••••{key.last4}</span> : null}
                </span>
                <Button
                  variant="danger"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(key.id)}
                  aria-label={`Delete the team key ${detail ?? provider}`}
                >
                  Delete
                </Button>
              </li>
            );
          })}
        </ul>
        <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3" aria-label="Add a team key">
          <SelectField
            label="Provider"
            value={provider}
            onChange={(event) => setProvider(event.target.value as ApiKeyProvider)}
            options={API_KEY_PROVIDERS.map((id) => ({ value: id, label: PROVIDER_DISPLAY_NAMES[id] }))}
          />
          {custom ? (
            <div className="min-w-56 flex-1">
              <TextField
                label="Base URL"
                type="url"
                value={baseUrl}
                onChange={(event) => setBaseUrl(event.target.value)}
                required
              />
            </div>
          ) : null}
          <div className="min-w-56 flex-1">
            <TextField
              label={custom ? 'API key (optional)' : 'API key'}
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
              required={!custom}
            />
          </div>
          <Button type="submit" variant="primary" disabled={add.isPending}>
            Add key
          </Button>
        </form>
      </section>
    </Card>
  );
}
