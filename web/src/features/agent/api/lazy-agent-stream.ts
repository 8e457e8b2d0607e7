import type { ExecuteStepQuery, PlanStreamQuery } from '@agentforge/shared';
import { openLazily } from '../../chat/api/lazy-stream';
import type { StreamCallbacks, StreamOptions } from '../../chat/api/stream-client';

const loadAgentStream = () => import('./agent-stream');

/** `agent-stream.ts`'s `streamPlan`, its code (and the stream client's) loaded on first use. */
export function streamPlan(query: PlanStreamQuery, callbacks: StreamCallbacks, options: StreamOptions = {}) {
  return openLazily(
    loadAgentStream,
    (agent) => agent.streamPlan(query, callbacks, options),
    callbacks,
    options,
  );
}

/** `agent-stream.ts`'s `streamStep`, its code (and the stream client's) loaded on first use. */
export function streamStep(query: ExecuteStepQuery, callbacks: StreamCallbacks, options: StreamOptions = {}) {
  return openLazily(
    loadAgentStream,
    (agent) => agent.streamStep(query, callbacks, options),
    callbacks,
    options,
  );
}
