import {
  canEditServer,
  errorMessage,
  GITHUB_TOKEN_ENV_VAR,
  GITHUB_TOKEN_REFERENCE,
  type McpServerConfigBody,
  SERVER_MESSAGES,
} from '@agentforge/shared';
import { LinkIcon, PlusIcon, Trash2Icon, TriangleAlertIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { Dialog } from '../../../components/dialog';
import { FormBanner } from '../../../components/form/form-banner';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { fieldVariants } from '../../../components/ui/input';
import { useSpaceTeamId } from '../../teams/hooks/use-space';
import { useSpaceName } from '../../teams/hooks/use-space-name';
import type { ServerView } from '../api/servers';
import type { ServersState } from '../hooks/use-servers';
import {
  EMPTY_SERVER_FORM,
  formValuesOf,
  isMaskedValue,
  type ServerFormValues,
  serverFormResolver,
} from '../utils/server-form';
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

const CELL = fieldVariants({ className: 'min-w-0 rounded-md px-2.5 py-1.5 font-mono text-xs' });

/**
 * A team server's honest note: whoever uses the server can make it print its environment, so the
 * masking of shared values is a display, not a boundary; per-member values are the boundary.
 */
function SharedValuesWarning() {
  return (
    <p className="flex gap-2 rounded-lg bg-amber-50 px-2.5 py-2 text-xs text-amber-900 ring-1 ring-amber-200">
      <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0 text-amber-600" aria-hidden="true" />
      <span>
        <strong className="font-semibold">{SERVER_MESSAGES.sharedValuesWarning}.</strong> Hidden here, they
        are not secret from them. Mark a variable '{SERVER_MESSAGES.memberVariableLabel}' to keep each
        member's value to their own instance of the server.
      </span>
    </p>
  );
}

function EnvironmentRows({
  form,
  disabled,
  teamServer,
}: {
  form: UseFormReturn<ServerFormValues, unknown, McpServerConfigBody>;
  disabled: boolean;
  /** A team's server: a variable may be one each member supplies. */
  teamServer: boolean;
}) {
  const rows = useFieldArray({ control: form.control, name: 'environmentVariables' });
  const values = form.watch('environmentVariables');
  const errors = form.formState.errors.environmentVariables;
  const errorsId = useId();
  const masked = values.some((row) => isMaskedValue(row.value));
  const usesGithub = values.some((row) => row.value === GITHUB_TOKEN_REFERENCE);
  // The GitHub MCP server's token variable, referencing the linked account (resolved at start).
  const referenceGithubAccount = () => {
    const index = values.findIndex((row) => row.key.trim() === GITHUB_TOKEN_ENV_VAR);
    if (index >= 0) form.setValue(`environmentVariables.${index}.value`, GITHUB_TOKEN_REFERENCE);
    else rows.append({ key: GITHUB_TOKEN_ENV_VAR, value: GITHUB_TOKEN_REFERENCE, member: false });
  };
  return (
    <fieldset className="space-y-2">
      <div className="flex items-center justify-between">
        <legend className="text-sm font-medium text-slate-700">Environment variables</legend>
        {disabled ? null : (
          <div className="flex items-center gap-1">
            <button
              type="button"
              onClick={referenceGithubAccount}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-indigo-700 hover:bg-indigo-50"
            >
              <LinkIcon className="size-3.5" aria-hidden="true" />
              Use my GitHub account
            </button>
            <button
              type="button"
              onClick={() => rows.append({ key: '', value: '', member: false })}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-indigo-600 hover:bg-indigo-50"
            >
              <PlusIcon className="size-3.5" />
              Add variable
            </button>
          </div>
        )}
      </div>
      {rows.fields.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-3 text-center text-xs text-slate-500">
          No variables. Add API keys or settings the package reads from its environment.
        </p>
      ) : (
        <ul className="space-y-2">
          {rows.fields.map((field, index) => {
            const nameError = errors?.[index]?.key?.message;
            const member = values[index]?.member;
            return (
              <li key={field.id} className="space-y-1">
                <div className="flex items-center gap-2">
                  <input
                    aria-label={`Variable ${index + 1} name`}
                    placeholder="NAME"
                    autoComplete="off"
                    spellCheck={false}
                    aria-invalid={nameError ? true : undefined}
                    aria-describedby={nameError ? `${errorsId}-${index}` : undefined}
                    className={cn(CELL, 'w-2/5 shrink-0')}
                    {...form.register(`environmentVariables.${index}.key`)}
                  />
                  <input
                    aria-label={`Variable ${index + 1} value`}
                    placeholder={member ? "Each member's own" : 'value'}
                    readOnly={member}
                    autoComplete="off"
                    spellCheck={false}
                    // A stored value is shown masked: focusing selects it, so typing replaces it.
                    onFocus={(event) => isMaskedValue(event.target.value) && event.target.select()}
                    className={cn(CELL, 'flex-1 read-only:bg-slate-50')}
                    {...form.register(`environmentVariables.${index}.value`)}
                  />
                  {disabled ? null : (
                    <button
                      type="button"
                      onClick={() => rows.remove(index)}
                      aria-label={`Remove variable ${index + 1}`}
                      className="shrink-0 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-red-600"
                    >
                      <Trash2Icon className="size-3.5" />
                    </button>
                  )}
                </div>
                {nameError ? (
                  <p id={`${errorsId}-${index}`} className="text-xs text-red-600">
                    {nameError}
                  </p>
                ) : null}
                {teamServer ? (
                  <label className="flex w-fit items-center gap-1.5 text-xs text-slate-600">
                    <input
                      type="checkbox"
                      className="size-3.5 accent-indigo-600"
                      {...form.register(`environmentVariables.${index}.member`, {
                        // No shared value is kept for it: what was typed goes.
                        onChange: (event: { target: { checked: boolean } }) => {
                          if (event.target.checked) form.setValue(`environmentVariables.${index}.value`, '');
                        },
                      })}
                    />
                    <span className="sr-only">Variable {index + 1}:</span>{' '}
                    {SERVER_MESSAGES.memberVariableLabel}
                  </label>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {errors?.message ? <p className="text-sm text-red-600">{errors.message}</p> : null}
      {teamServer ? <SharedValuesWarning /> : null}
      <p className="text-xs text-slate-500">
        {masked ? 'Stored values stay hidden: leave one as it is to keep it, or type a new value. ' : ''}
        Rows without a name are ignored.
        {usesGithub
          ? ` ${GITHUB_TOKEN_REFERENCE} stands for your linked GitHub account: the server gets its token when it starts (connect GitHub in Settings).`
          : ''}
      </p>
    </fieldset>
  );
}

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
