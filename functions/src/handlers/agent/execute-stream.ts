import { executeStepQuerySchema } from '@agentforge/shared';
import { agentRunner } from '../../composition/agent.js';
import type { StartedStream } from '../../domain/agent/agent-runner.js';
import { recordFor } from '../../http/audit.js';
import { sseRoute } from '../../http/sse-route.js';

/**
 * GET /agent/execute-stream: runs one confirmed step (the chat's events plus `plan_step`). A step
 * refused before it starts is recorded as a failed execution at once; a started one when its run
 * ends, `success` only if its last `plan_step` event says completed.
 */
export const handler = sseRoute(
  executeStepQuerySchema,
  async (caller, query, admitted): Promise<StartedStream> => {
    await admitted; // a caller the gate refuses made no step attempt to record
    const action = 'agent.step_executed';
    const target = `plan-step:${query.planId}/${query.stepId}`;
    const details = { conversationId: query.conversationId };
    let started: StartedStream;
    try {
      started = await agentRunner().startStep(caller, query);
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error';
      await recordFor(caller, { action, target, outcome: 'failure', details: { ...details, error: name } });
      throw error;
    }
    return {
      ...started,
      run: async (emit) => {
        let status: string | undefined;
        try {
          await started.run((event) => {
            if (event.type === 'plan_step' && event.stepId === query.stepId) status = event.status;
            emit(event);
          });
        } finally {
          const outcome = status === 'completed' ? 'success' : 'failure';
          await recordFor(caller, {
            action,
            target,
            outcome,
            details: { ...details, status: status ?? 'unknown' },
          });
        }
      },
    };
  },
);
