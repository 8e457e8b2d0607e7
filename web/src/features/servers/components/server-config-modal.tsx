import { canEditServer, errorMessage, type McpServerConfigBody, SERVER_MESSAGES } from '@agentforge/shared';
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
import { EnvironmentRows } from './environment-rows';
import { ExternalAccess } from './external-access';
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

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    let saved: ServerView;
    try {
      saved = server ? await servers.update(server.id, body) : await servers.create(body);
    } catch (error) {
      // Without a message of its own the failure reads as the spec's text.
      setFailure(errorMessage(error) || (server ? SERVER_MESSAGES.updateFailed : SERVER_MESSAGES.saveFailed));
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
          : `Run an MCP server from an npm package and use its tools in your chats.${space ? ` New server in ${space}.` : ''}`
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
          <div className="space-y-1">
            <TextField
              label="Package name"
              placeholder="@modelcontextprotocol/server-everything"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              error={errors.packageName?.message}
              {...form.register('packageName')}
            />
            <p className="text-xs text-slate-500">The npm package that runs the MCP server over stdio.</p>
          </div>
          <div className="space-y-1">
            <TextField
              label="Idle timeout (minutes)"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              className="max-w-40"
              error={errors.idleTimeoutMinutes?.message}
              {...form.register('idleTimeoutMinutes')}
            />
            <p className="text-xs text-slate-500">
              The server stops after this many minutes without a tool call. Left empty, it is 30.
            </p>
          </div>
          <EnvironmentRows form={form} disabled={readOnly} teamServer={teamServer} />
        </fieldset>
      </form>
      {editing ? (
        <div className="mt-6 border-t border-slate-100 pt-5">
          <ExternalAccess server={server} />
        </div>
      ) : null}
    </Dialog>
  );
}
