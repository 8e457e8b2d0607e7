export const SERVER_STATUSES = [
  'defined',
  'disabled',
  'enabled',
  'provisioning',
  'starting',
  'deprovisioning',
  'error',
] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];

export const SERVER_HEALTH_VALUES = ['running', 'error', 'stale'] as const;
export type ServerHealth = (typeof SERVER_HEALTH_VALUES)[number];

/**
 * Who stopped a disabled server: its owner (it stays off until they enable it again), the idle
 * timeout (the chat may start it again on demand), or the plan's monthly compute hours running out
 * (a start is refused until the month ends or the plan grows).
 */
export const SERVER_STOPPERS = ['owner', 'idle', 'compute'] as const;
export type ServerStopper = (typeof SERVER_STOPPERS)[number];

/** Statuses in which the server is changing state: no toggle, edit or delete meanwhile. */
export const TRANSITIONAL_SERVER_STATUSES = [
  'provisioning',
  'starting',
  'deprovisioning',
] as const satisfies readonly ServerStatus[];

/** Statuses in which a server has (or is getting, or losing) a run. */
export const ACTIVE_SERVER_STATUSES = [
  'provisioning',
  'starting',
  'enabled',
  'deprovisioning',
] as const satisfies readonly ServerStatus[];

/** Spec 4: where enabling is allowed (and so offered); refused during transitions. */
const ENABLEABLE_SERVER_STATUSES: readonly ServerStatus[] = ['defined', 'disabled', 'error'];
/** Spec 4: where disabling is allowed; a server in error may still hold a run to stop. */
const DISABLEABLE_SERVER_STATUSES: readonly ServerStatus[] = ['enabled', 'error'];
const EDITABLE_SERVER_STATUSES: readonly ServerStatus[] = ['defined', 'disabled', 'error'];

export function isTransitionalServerStatus(status: ServerStatus): boolean {
  return (TRANSITIONAL_SERVER_STATUSES as readonly ServerStatus[]).includes(status);
}

export function isActiveServerStatus(status: ServerStatus): boolean {
  return (ACTIVE_SERVER_STATUSES as readonly ServerStatus[]).includes(status);
}

export function canEnableServer(status: ServerStatus): boolean {
  return ENABLEABLE_SERVER_STATUSES.includes(status);
}

export function canDisableServer(status: ServerStatus): boolean {
  return DISABLEABLE_SERVER_STATUSES.includes(status);
}

export function isServerHealth(value: unknown): value is ServerHealth {
  return typeof value === 'string' && (SERVER_HEALTH_VALUES as readonly string[]).includes(value);
}

const ENABLED_HEALTH_TEXT: Readonly<Record<ServerHealth, string>> = {
  running: 'Running',
  error: 'Error',
  stale: 'Not Responding',
};

/** A server the reaper (or its own bridge) stopped for idleness, and what that means for the user. */
export const IDLE_STOPPED_TEXT = 'Stopped (idle)';
export const IDLE_STOPPED_HINT = 'starts when used';

/**
 * The status text of a server card. The spec gives the texts of enabled, provisioning,
 * deprovisioning and starting; defined, disabled and error show their capitalised name, and an
 * enabled server without a health report yet shows 'Health: unknown'; one stopped for idleness
 * shows 'Stopped (idle)' (not 'Disabled': it starts again on demand).
 */
export function serverDisplayText(
  status: ServerStatus,
  health?: string | null,
  stoppedBy?: ServerStopper | null,
): string {
  // Stopped for idleness is not switched off: the chat starts it again when it is used.
  if (status === 'disabled' && stoppedBy === 'idle') return IDLE_STOPPED_TEXT;
  switch (status) {
    case 'enabled':
      return isServerHealth(health) ? ENABLED_HEALTH_TEXT[health] : `Health: ${health || 'unknown'}`;
    case 'provisioning':
      return 'Provisioning...';
    case 'deprovisioning':
      return 'Disabling...';
    case 'starting':
      return 'Starting...';
    default:
      return status.charAt(0).toUpperCase() + status.slice(1);
  }
}

/** Whether the enable/disable toggle is shown at all. */
export function canToggleServer(status: ServerStatus): boolean {
  return canEnableServer(status) || canDisableServer(status);
}

/** Whether a shown toggle is disabled: during transitions or while an action runs. */
export function isServerToggleDisabled(status: ServerStatus, actionInProgress = false): boolean {
  return actionInProgress || isTransitionalServerStatus(status);
}

/** Editing (and, on the API, updating) is allowed only outside a run. */
export function canEditServer(status: ServerStatus): boolean {
  return EDITABLE_SERVER_STATUSES.includes(status);
}

export function canDeleteServer(status: ServerStatus, actionInProgress = false): boolean {
  return !actionInProgress && !isTransitionalServerStatus(status);
}

export function shouldShowServerLastError(status: ServerStatus): boolean {
  return status === 'error';
}

export const STREAM_STATUSES = [
  'creating_chat',
  'sending',
  'connecting',
  'streaming',
  'pending_llm',
  'tool_calling',
  'tool_success',
  'tool_error',
  'completed',
  'error',
  'stopped',
] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];

/** Stream statuses after which no further events are processed. */
export const FINAL_STREAM_STATUSES = [
  'completed',
  'error',
  'stopped',
] as const satisfies readonly StreamStatus[];

export const AGENT_STATUSES = ['idle', 'planning', 'executing', 'error'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/**
 * `interrupted`: the step's writer died mid-run (its reply's lease ran out); the user may retry it.
 * `cancelled`: the plan was cancelled before the step ran.
 */
export const PLAN_STEP_STATUSES = [
  'pending',
  'in_progress',
  'completed',
  'error',
  'interrupted',
  'cancelled',
] as const;
export type PlanStepStatus = (typeof PLAN_STEP_STATUSES)[number];

/** The spec does not list plan statuses: a plan moves like its steps, and can also be cancelled. */
export const AGENT_PLAN_STATUSES = ['pending', 'in_progress', 'completed', 'error', 'cancelled'] as const;
export type AgentPlanStatus = (typeof AGENT_PLAN_STATUSES)[number];

export const TOOL_CALL_STATUSES = ['calling', 'success', 'error'] as const;
export type ToolCallStatus = (typeof TOOL_CALL_STATUSES)[number];
