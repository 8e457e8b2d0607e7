import {
  canDeleteServer,
  canEditServer,
  canToggleServer,
  isServerToggleDisabled,
  SERVER_MESSAGES,
  shouldShowServerLastError,
} from '@agentforge/shared';
import {
  CheckIcon,
  LinkIcon,
  PencilIcon,
  PlayIcon,
  Trash2Icon,
  TriangleAlertIcon,
  XIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyButton } from '../../../components/copy-button';
import { Switch } from '../../../components/switch';
import { Tooltip } from '../../../components/tooltip';
import { buttonVariants } from '../../../components/ui/button';
import { UpgradePlanLink } from '../../billing/components/upgrade-plan-link';
import type { ServerView } from '../api/servers';
import type { ServerAction, ServerFailure } from '../hooks/use-servers';
import { cardIdleTimeout } from '../utils/server-form';
import { MemberValues } from './member-values';
import { RemoteConnection } from './remote-connection';
import { ServerStatusPill } from './server-status';
import { ToolApprovals } from './tool-approvals';

export type ServerCardProps = {
  server: ServerView;
  /** The full URL of the server's external endpoint. */
  endpointUrl: string | undefined;
  pending: ServerAction | undefined;
  failure: ServerFailure | undefined;
  /** The server is attached to the chat shown. */
  attached: boolean;
  /**
   * The caller may stop, edit, delete the server and connect external clients (personal space, a
   * team's Admin). Otherwise (a team's User) the card offers 'Start' for a stopped server and says
   * the team's Admins manage it.
   */
  canManage: boolean;
  onToggle: (server: ServerView) => void;
  onEdit: (server: ServerView) => void;
  onConnect: (server: ServerView) => void;
  onDelete: (server: ServerView) => void;
  onAttach: (server: ServerView) => void;
  onDismissFailure: (id: string) => void;
};

const ICON_BUTTON = buttonVariants({
  variant: 'ghost',
  size: 'icon',
  className:
    'text-slate-400 hover:text-slate-700 disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-slate-400',
});

const PROGRESS_TEXT: Partial<Record<ServerView['status'], string>> = {
  provisioning: 'Getting a container ready…',
  starting: 'Starting the package…',
  deprovisioning: 'Stopping the server…',
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-baseline gap-2">
      <dt className="w-16 shrink-0 text-[11px] font-medium tracking-wide text-slate-500 uppercase">
        {label}
      </dt>
      <dd className="min-w-0 flex-1 text-xs text-slate-700">{children}</dd>
    </div>
  );
}

/**
 * One MCP server (spec 2, 4): status, package, idle timeout, endpoint and, in the error state, the
 * last error. The toggle shows for enabled, defined, disabled and error and waits during
 * transitions and actions; Edit only for defined, disabled and error; Delete asks first and waits
 * during transitions. A team's User gets 'Start' instead of the toggle (the API lets them enable,
 * not disable) and no Edit, Connect or Delete.
 */
export function ServerCard({
  server,
  endpointUrl,
  pending,
  failure,
  attached,
  canManage,
  onToggle,
  onEdit,
  onConnect,
  onDelete,
  onAttach,
  onDismissFailure,
}: ServerCardProps) {
  const busy = pending !== undefined;
  // A remote server runs elsewhere: nothing to start or stop, no external access through us.
  const remote = server.kind === 'remote';
  const editable = canEditServer(server.status) && !busy;
  const deletable = canDeleteServer(server.status, busy);
  const progress = PROGRESS_TEXT[server.status];

  return (
    <article
      aria-label={server.name}
      className={`rounded-xl bg-white p-3 shadow-sm ring-1 transition ${
        attached ? 'ring-indigo-300' : 'ring-slate-200'
      }`}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold text-slate-900" title={server.name}>
            {server.name}
          </h3>
          <div className="mt-1">
            <ServerStatusPill server={server} />
          </div>
        </div>
        {remote ? null : !canManage ? (
          canToggleServer(server.status) && server.status !== 'enabled' ? (
            <button
              type="button"
              onClick={() => onToggle(server)}
              disabled={isServerToggleDisabled(server.status, busy)}
              aria-label={`Start ${server.name}`}
              aria-busy={pending === 'enable' || undefined}
              className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-600/30 transition hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50"
            >
              {pending === 'enable' ? (
                <span className="block size-3 animate-spin rounded-full border-[1.5px] border-emerald-200 border-t-emerald-700" />
              ) : (
                <PlayIcon className="size-3" />
              )}
              Start
            </button>
          ) : null
        ) : canToggleServer(server.status) ? (
          <Switch
            checked={server.status === 'enabled'}
            onChange={() => onToggle(server)}
            label={`Enable ${server.name}`}
            disabled={isServerToggleDisabled(server.status, busy)}
            busy={pending === 'enable' || pending === 'disable'}
          />
        ) : null}
      </div>

      {progress ? (
        <div className="mt-3" role="progressbar" aria-label={`${server.name} progress`}>
          <div className="h-1 overflow-hidden rounded-full bg-sky-100">
            <div className="h-full w-1/3 animate-indeterminate rounded-full bg-sky-500" />
          </div>
          <p className="mt-1 text-[11px] text-slate-500">{progress}</p>
        </div>
      ) : null}

      <dl className="mt-3 space-y-1.5">
        {remote ? (
          <Detail label="URL">
            <span className="line-clamp-2 font-mono break-all" title={server.url}>
              {server.url}
            </span>
          </Detail>
        ) : (
          <>
            <Detail label="Package">
              <span className="line-clamp-2 font-mono break-all" title={server.packageName}>
                {server.packageName}
              </span>
            </Detail>
            <Detail label="Idle">{cardIdleTimeout(server)} min timeout</Detail>
          </>
        )}
        {endpointUrl && !remote ? (
          <Detail label="Endpoint">
            <span className="flex min-w-0 items-center gap-1">
              {/* Cut at the start: the end (the server's id) is the informative part. */}
              <span
                className="truncate text-left font-mono text-slate-500 [direction:rtl]"
                title={endpointUrl}
              >
                <bdi>{endpointUrl}</bdi>
              </span>
              <CopyButton
                text={endpointUrl}
                what="endpoint"
                className="-my-1 shrink-0 px-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 [&>span]:sr-only"
              />
            </span>
          </Detail>
        ) : null}
      </dl>

      {server.memberVariables?.length ? <MemberValues server={server} /> : null}
      {remote && server.oauth ? <RemoteConnection server={server} /> : null}
      {canManage ? <ToolApprovals server={server} /> : null}

      {shouldShowServerLastError(server.status) && server.lastError ? (
        <div className="mt-3 rounded-lg bg-red-50 px-2.5 py-2 ring-1 ring-red-100">
          <p className="text-[11px] font-semibold tracking-wide text-red-700 uppercase">Last error</p>
          <p className="mt-0.5 line-clamp-4 text-xs break-words text-red-800" title={server.lastError}>
            {server.lastError}
          </p>
        </div>
      ) : null}

      {failure ? (
        <div role="alert" className="mt-3 flex gap-2 rounded-lg bg-red-50 px-2.5 py-2 ring-1 ring-red-100">
          <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0 text-red-500" />
          <div className="min-w-0 flex-1 text-xs text-red-800">
            <p className="font-semibold">{failure.title}</p>
            {failure.detail && failure.detail !== failure.title ? (
              <p className="mt-0.5 break-words">{failure.detail}</p>
            ) : null}
            {failure.planLimit ? <UpgradePlanLink look="inline" className="mt-1 inline-block" /> : null}
          </div>
          <button
            type="button"
            onClick={() => onDismissFailure(server.id)}
            aria-label="Dismiss"
            className="-m-1 self-start rounded p-1 text-red-400 hover:bg-red-100 hover:text-red-700"
          >
            <XIcon className="size-3.5" />
          </button>
        </div>
      ) : null}

      <div className="mt-3 flex items-center gap-1 border-t border-slate-100 pt-2">
        {attached ? (
          <span className="inline-flex items-center gap-1 px-1.5 text-xs font-medium text-indigo-600">
            <CheckIcon className="size-3.5" />
            In this chat
          </span>
        ) : (
          <button
            type="button"
            onClick={() => onAttach(server)}
            className="shrink-0 rounded-md px-1.5 py-1 text-xs font-semibold whitespace-nowrap text-indigo-600 transition hover:bg-indigo-50"
          >
            Use in chat
          </button>
        )}
        <span className="flex-1" />
        {canManage ? (
          <>
            <Tooltip content={editable || remote ? 'Edit' : 'Disable the server to edit it'}>
              <span className="inline-flex">
                <button
                  type="button"
                  onClick={() => onEdit(server)}
                  disabled={!editable}
                  aria-label={`Edit ${server.name}`}
                  className={ICON_BUTTON}
                >
                  <PencilIcon className="size-3.5" />
                </button>
              </span>
            </Tooltip>
            {remote ? null : (
              <Tooltip content="External access">
                <button
                  type="button"
                  onClick={() => onConnect(server)}
                  aria-label={`Connect ${server.name}`}
                  className={ICON_BUTTON}
                >
                  <LinkIcon className="size-3.5" />
                </button>
              </Tooltip>
            )}
            <ConfirmDialog
              title="Delete server"
              description={SERVER_MESSAGES.deleteConfirmation(server.name, server.status === 'enabled')}
              confirmLabel="Delete"
              onConfirm={() => onDelete(server)}
              trigger={
                <button
                  type="button"
                  disabled={!deletable}
                  aria-label={`Delete ${server.name}`}
                  className={`${ICON_BUTTON} hover:text-red-600`}
                >
                  {pending === 'delete' ? (
                    <span className="block size-3.5 animate-spin rounded-full border-2 border-slate-200 border-t-slate-600" />
                  ) : (
                    <Trash2Icon className="size-3.5" />
                  )}
                </button>
              }
            />
          </>
        ) : (
          <span className="min-w-0 px-1.5 text-right text-[11px] text-slate-500">
            {SERVER_MESSAGES.managedByTeamAdmins}
          </span>
        )}
      </div>
    </article>
  );
}
