import {
  DEFAULT_TOOL_POLICY,
  errorMessage,
  type ListedTool,
  resolveToolPolicy,
  TOOL_POLICIES,
  type ToolPolicy,
  type ToolPolicyValue,
} from '@agentforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { FormBanner } from '../../../components/form/form-banner';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { serverKeys } from '../api/queries';
import { listServerTools, patchToolPolicy } from '../api/server-features';
import type { ServerView } from '../api/servers';

const LABELS: Readonly<Record<ToolPolicyValue, string>> = { allow: 'Allow', ask: 'Ask', never: 'Never' };
/** A tool without its own setting follows the default (shown with what that means for it). */
const DEFAULT = 'default';

export function ToolApprovalsDialog({ server, onClose }: { server: ServerView; onClose: () => void }) {
  const formId = useId();
  const client = useQueryClient();
  const stored = server.toolPolicy ?? DEFAULT_TOOL_POLICY;
  const [policy, setPolicy] = useState<ToolPolicy>(stored);
  const [tools, setTools] = useState<ListedTool[] | null>(null);
  const [unlisted, setUnlisted] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    listServerTools({ id: server.id, kind: server.kind }).then(
      (listed) => live && setTools(listed),
      (error: unknown) => live && setUnlisted(errorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [server.id, server.kind]);
  const remote = server.kind === 'remote';

  // The server's tools, and those with a setting of their own that it no longer lists.
  const names = [...new Set([...(tools ?? []).map((tool) => tool.name), ...Object.keys(policy.tools)])];
  const toolOf = (name: string) => tools?.find((tool) => tool.name === name) ?? { name };

  const setTool = (name: string, value: string) =>
    setPolicy((current) => {
      const { [name]: _dropped, ...others } = current.tools;
      return {
        ...current,
        tools: value === DEFAULT ? others : { ...others, [name]: value as ToolPolicyValue },
      };
    });

  const save = async () => {
    setFailure(null);
    setBusy(true);
    const cleared = Object.keys(stored.tools).filter((name) => !(name in policy.tools));
    try {
      const view = await patchToolPolicy(server.id, {
        default: policy.default,
        tools: { ...Object.fromEntries(cleared.map((name) => [name, null])), ...policy.tools },
      });
      client.setQueryData<ServerView[]>(serverKeys.list(), (list = []) =>
        list.map((s) => (s.id === view.id ? view : s)),
      );
      onClose();
    } catch (error) {
      setFailure(errorMessage(error) || 'Failed to save the tool approvals');
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Tool approvals"
      description={server.name}
      onClose={onClose}
      footer={
        <>
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
          void save();
        }}
      >
        {failure ? <FormBanner message={failure} /> : null}
        <p className="text-sm text-slate-600">
          Allow: the tool runs when the model calls it. Ask: the reply pauses at the call until you allow or
          deny it. Never: the tool is not offered to the model. With 'Ask' as the default, tools the server
          marks read-only run without asking. Agent plans: confirming a step allows its tools.
        </p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label htmlFor={`${formId}-default`} className="text-sm font-medium text-slate-800">
            Default for this server's tools
          </label>
          <Select
            id={`${formId}-default`}
            value={policy.default}
            onChange={(event) =>
              setPolicy((current) => ({ ...current, default: event.target.value as ToolPolicyValue }))
            }
          >
            {TOOL_POLICIES.map((value) => (
              <option key={value} value={value}>
                {LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
        {unlisted ? (
          <p className="text-xs text-slate-600">
            {remote
              ? `The server's tools could not be listed. ${unlisted}`
              : `The server's tools could not be listed (${unlisted}). Start the server to set each tool.`}
          </p>
        ) : tools === null ? (
          <p className="text-xs text-slate-600" role="status">
            Listing the server's tools…
          </p>
        ) : null}
        {names.length ? (
          <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
            {names.map((name) => {
              const fallback = resolveToolPolicy({ default: policy.default, tools: {} }, toolOf(name));
              return (
                <li key={name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <label
                    htmlFor={`${formId}-${name}`}
                    className="min-w-0 font-mono text-sm break-all text-slate-800"
                  >
                    {name}
                  </label>
                  <Select
                    id={`${formId}-${name}`}
                    value={policy.tools[name] ?? DEFAULT}
                    onChange={(event) => setTool(name, event.target.value)}
                  >
                    <option value={DEFAULT}>{`Default (${LABELS[fallback]})`}</option>
                    {TOOL_POLICIES.map((value) => (
                      <option key={value} value={value}>
                        {LABELS[value]}
                      </option>
                    ))}
                  </Select>
                </li>
              );
            })}
          </ul>
        ) : null}
      </form>
    </Dialog>
  );
}
