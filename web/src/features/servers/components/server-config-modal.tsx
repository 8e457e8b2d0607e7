import {
  canEditServer,
  errorMessage,
  type McpServerConfigBody,
  SERVER_BAR_MESSAGES,
  SERVER_MESSAGES,
} from '@agentforge/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '../../../components/dialog';
import { FormBanner } from '../../../components/form/form-banner';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { useSpaceTeamId } from '../../teams/hooks/use-space';
import { useSpaceName } from '../../teams/hooks/use-space-name';
import type { ServerView } from '../api/servers';
import type { ServersState } from '../hooks/use-servers';
import {
  EMPTY_SERVER_FORM,
  formValuesOf,
  type ServerFormValues,
  serverFormResolver,
} from '../utils/server-form';
import { ExternalAccess } from './external-access';
import { HeaderRows } from './header-rows';
import { PackageFields } from './package-fields';
import { ServerStatusPill } from './server-status';

export const NEW_SERVER_TITLE = 'New Server Configuration';
export const EDIT_SERVER_TITLE = 'Edit Server Configuration';

type ServerConfigModalProps = {
  /** The server to edit; none for a new configuration. */
  server?: ServerView | undefined;
  servers: Pick<ServersState, 'create' | 'update'>;
  onClose: () => void;
  /** After a successful save, before the modal closes. */
  onSaved?: (server: ServerView) => void;
};

/**
 * The server configuration modal (spec 2, 5): 'New Server Configuration' or 'Edit Server
 * Configuration'. A server that is not defined, disabled or in error is shown read-only. Editing
 * also offers the external endpoint and its token.
 */
export function ServerConfigModal({ server, servers, onClose, onSaved }: ServerConfigModalProps) {
  const formId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const editing = server !== undefined;
  const teamServer = useSpaceTeamId() !== undefined || server?.memberVariables !== undefined;
  const space = useSpaceName();
  const readOnly = editing && !canEditServer(server.status);
  const form = useForm<ServerFormValues, unknown, McpServerConfigBody>({
    resolver: serverFormResolver,
    defaultValues: server ? formValuesOf(server) : EMPTY_SERVER_FORM,
  });
  const { errors, isSubmitting } = form.formState;
  const remote = form.watch('kind') === 'remote';

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    let saved: ServerView;
    try {
      saved = server ? await servers.update(server.id, body) : await servers.create(body);
    } catch (error) {
      // Without a message of its own the failure reads as the spec's text.
      setFailure(
        errorMessage(error) || (server ? SERVER_BAR_MESSAGES.updateFailed : SERVER_MESSAGES.saveFailed),
      );
      return;
    }
    onSaved?.(saved);
    onClose();
  });

  return (
    <Dialog
      title={editing ? EDIT_SERVER_TITLE : NEW_SERVER_TITLE}
      description={
        editing
          ? server.name
          : `Run an MCP server from an npm package, or reach one by its URL, and use its tools in your chats.${space ? ` New server in ${space}.` : ''}`
      }
      initialFocus="field"
      onClose={onClose}
      width="max-w-xl"
      footer={
        <>
          <Button onClick={onClose}>{readOnly ? 'Close' : 'Cancel'}</Button>
          {readOnly ? null : (
            <Button variant="strong" type="submit" form={formId} disabled={isSubmitting}>
              {isSubmitting ? (
                <span
                  aria-hidden="true"
                  className="size-3.5 animate-spin rounded-full border-2 border-white/40 border-t-white"
                />
              ) : null}
              {editing ? 'Save changes' : 'Create server'}
            </Button>
          )}
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-5">
        {failure ? <FormBanner message={failure} /> : null}
        {readOnly ? (
          <p className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 ring-1 ring-slate-200">
            <ServerStatusPill server={server} />
            Disable the server to change its configuration.
          </p>
        ) : null}
        <fieldset disabled={readOnly || isSubmitting} className="space-y-4">
          <TextField
            label="Name"
            placeholder="e.g. Everything"
            autoComplete="off"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-700">Server</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-1">
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  value="package"
                  className="accent-indigo-600"
                  {...form.register('kind')}
                />
                Hosted package
              </label>
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input type="radio" value="remote" className="accent-indigo-600" {...form.register('kind')} />
                Remote URL
              </label>
            </div>
          </fieldset>
          {remote ? (
            <>
              <div className="space-y-1">
                <TextField
                  label="Server URL"
                  type="url"
                  placeholder="https://mcp.example.com/mcp"
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono"
                  error={errors.url?.message}
                  {...form.register('url')}
                />
                <p className="text-xs text-slate-500">
                  An MCP server that runs elsewhere, reached over Streamable HTTP (or the older HTTP+SSE).
                </p>
              </div>
              <HeaderRows form={form} disabled={readOnly} />
            </>
          ) : (
            <PackageFields form={form} readOnly={readOnly} teamServer={teamServer} />
          )}
        </fieldset>
      </form>
      {editing && server.kind !== 'remote' ? (
        <div className="mt-6 border-t border-slate-100 pt-5">
          <ExternalAccess server={server} />
        </div>
      ) : null}
    </Dialog>
  );
}
