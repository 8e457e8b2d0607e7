import type { ServerHealth, ServerStatus, ServerStopper } from '@agentforge/shared';
import type { RunnerStatus } from './server-runner.js';

// Which status allows enable, disable, edit and delete: the shared rules (`@agentforge/shared`
// statuses), so the API refuses exactly what the web app does not offer.

export interface Observed {
  status: ServerStatus;
  health?: ServerHealth;
  lastError?: string;
  /** Who stopped it, when the run ended without being asked to (its bridge exits when idle). */
  stoppedBy?: ServerStopper;
  /** The run is over: book its minutes and forget it. */
  ended: boolean;
}

/** What the runner reports means for the server's status (spec 4 state machine). */
export function statusFromRun(current: ServerStatus, run: RunnerStatus): Observed {
  switch (run.phase) {
    case 'pending':
      return { status: current === 'deprovisioning' ? 'deprovisioning' : 'provisioning', ended: false };
    case 'running':
      if (current === 'deprovisioning') return { status: 'deprovisioning', ended: false };
      if (!run.health) return { status: 'starting', ended: false };
      return { status: 'enabled', health: run.health, ended: false };
    case 'stopping':
      return { status: 'deprovisioning', ended: false };
    case 'stopped':
      // Asked to stop, or stopped by itself when idle: disabled. Anything else is a failure.
      if (current === 'deprovisioning') return { status: 'disabled', ended: true };
      if (!run.error) return { status: 'disabled', stoppedBy: 'idle', ended: true };
      return { status: 'error', lastError: run.error, ended: true };
  }
}

/** Whole minutes a run used, rounded up (a started minute counts). */
export function runMinutes(startedAt: number, endedAt: number): number {
  return Math.max(0, Math.ceil((endedAt - startedAt) / 60_000));
}

export const monthOf = (at: number) => new Date(at).toISOString().slice(0, 7);
