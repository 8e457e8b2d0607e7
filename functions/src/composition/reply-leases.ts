import { createAgentPlanVersions } from '../adapters/dynamodb/agent-plan-versions.js';
import { createReplyLeases } from '../adapters/dynamodb/reply-leases.js';
import { createTokenLedger } from '../adapters/dynamodb/token-ledger.js';
import { createStepInterrupter } from '../domain/agent/interrupted-steps.js';
import { createReplySweep, type ReplySweep } from '../domain/chat/reply-sweep.js';
import { db, env, newId } from './root.js';

/** Streaming replies' leases (the streams hold their reservations there; the sweep ends dead ones). */
export const replyLeases = () => createReplyLeases(db, env.tables.messages);

let sweep: ReplySweep | undefined;
/** Ends the replies whose writer died and settles their reservations (run by the reaper). */
export function replySweep(): ReplySweep {
  sweep ??= createReplySweep({
    leases: replyLeases(),
    ledger: createTokenLedger(db, env.tables.usage),
    newId,
    now: Date.now,
    onInterrupted: createStepInterrupter(createAgentPlanVersions(db, env.tables.agentPlans), Date.now),
  });
  return sweep;
}
