import {
  AGENT_STREAM_PATHS,
  API_BASE_PATH,
  type ExecuteStepQuery,
  type PlanStreamQuery,
} from '@agentforge/shared';
import {
  type StreamCallbacks,
  type StreamOptions,
  type StreamTarget,
  streamEvents,
} from '../../chat/api/stream-client';

/** The agent's stream routes sit beside the chat's stream, at the API's paths on its origin. */
const agentStreamUrl =
  (path: string): StreamTarget['url'] =>
  (config) =>
    new URL(API_BASE_PATH + path, config.streamUrl);

/**
 * GET /agent/plan-stream: the goal becomes a plan. Events: `status` (planning, connecting), `plan`,
 * then `end` or `error`; errors before the stream starts are JSON with a status, as the chat's.
 */
export function streamPlan(
  query: PlanStreamQuery,
  callbacks: StreamCallbacks,
  options?: StreamOptions,
): Promise<void> {
  return streamEvents({ url: agentStreamUrl(AGENT_STREAM_PATHS.plan), query }, callbacks, options);
}

/**
 * GET /agent/execute-stream: runs one confirmed (or auto-run) step. Events: the chat's reply
 * events for the step's message, `plan_step` as its status changes, maybe `plan` (a re-plan).
 */
export function streamStep(
  query: ExecuteStepQuery,
  callbacks: StreamCallbacks,
  options?: StreamOptions,
): Promise<void> {
  return streamEvents({ url: agentStreamUrl(AGENT_STREAM_PATHS.execute), query }, callbacks, options);
}
