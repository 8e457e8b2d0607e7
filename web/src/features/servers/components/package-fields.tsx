import type { McpServerConfigBody } from '@agentforge/shared';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field';
import type { ServerFormValues } from '../utils/server-form';
import { EnvironmentRows } from './environment-rows';

/** A hosted package's part of the server form: the package, its idle timeout, its environment. */
export function PackageFields({
  form,
  readOnly,
  teamServer,
}: {
  form: UseFormReturn<ServerFormValues, unknown, McpServerConfigBody>;
  readOnly: boolean;
  teamServer: boolean;
}) {
  const { errors } = form.formState;
  return (
    <>
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
    </>
  );
}
