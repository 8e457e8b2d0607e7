/**
 * The runner port: where an enabled MCP server runs. On AWS each server is one Fargate task of
 * the generic runner image; locally, the same bridge as a sandboxed child process. Both run the
 * bridge (functions/src/runner/): the configured npm package over stdio, exposed as MCP
 * Streamable HTTP at `<endpoint>/mcp` behind a bearer token, with `/healthz`.
 */
export interface RunnerStartRequest {
  serverId: string;
  userId: string;
  /** npm package spec, e.g. `@modelcontextprotocol/server-everything` or `pkg@1.2.3`. */
  packageName: string;
  /** The server's own environment values, decrypted: only these reach the package. */
  environment: Record<string, string>;
  /** The bridge exits by itself after this much idleness (the reaper is the safety net). */
  idleTimeoutMinutes: number;
  /** The bearer token the bridge demands on `/mcp`; known only to the gateway. */
  bridgeToken: string;
}

export type RunnerPhase = 'pending' | 'running' | 'stopping' | 'stopped';
export type RunnerHealth = 'running' | 'error' | 'stale';

export interface RunnerStatus {
  phase: RunnerPhase;
  /** Base URL of the bridge once it has one (`http://<ip>:<port>`); `/mcp` and `/healthz` hang off it. */
  endpoint?: string;
  /** Set while running: the bridge answers its health check (running), fails it (error), or went silent (stale). */
  health?: RunnerHealth;
  /** Epoch ms. */
  startedAt?: number;
  stoppedAt?: number;
  /** Why it stopped or failed, in words a user can act on (e.g. the package could not be installed). */
  error?: string;
}

export interface ServerRunner {
  /** Starts the server; resolves with the runner's id for it (ECS task ARN, local process key). */
  start(request: RunnerStartRequest): Promise<{ runId: string }>;
  describe(runId: string): Promise<RunnerStatus>;
  /** Idempotent: stopping a stopped or unknown run resolves. */
  stop(runId: string, reason: string): Promise<void>;
}
