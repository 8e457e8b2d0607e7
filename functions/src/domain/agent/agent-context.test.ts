import { describe, expect, it } from 'vitest';
import { emptyReplyState } from '../chat/reply-run.js';
import { addUsage, createAgentContext } from './agent-context.js';
import type { AgentRunnerDeps } from './agent-runner.js';

describe("the agent streams' shared context", () => {
  it('starts each agent reply streaming, with a lease, the model and its extras', () => {
    const { assistantReply } = createAgentContext({ newId: () => 'r1', now: () => 5 } as AgentRunnerDeps);
    const reply = assistantReply(
      { userId: 'alice', email: '' },
      'c1',
      { provider: 'p', model: 'm' },
      {
        agentStep: { planId: 'p1', stepId: 's1', index: 1, description: 'd' },
      },
    );
    expect(reply).toMatchObject({
      conversationId: 'c1',
      messageId: 'r1',
      userId: 'alice',
      role: 'assistant',
      content: '',
      status: 'streaming',
      provider: 'p',
      model: 'm',
      timestamp: 5,
      leaseExpiresAt: 15_005,
      agentStep: { planId: 'p1', stepId: 's1' },
    });
  });

  it("adds a model call's tokens to the reply's", () => {
    const state = emptyReplyState();
    addUsage(state, { inputTokens: 3, outputTokens: 4 });
    addUsage(state, { inputTokens: 1, outputTokens: 1 });
    expect(state.usage).toEqual({ inputTokens: 4, outputTokens: 5 });
  });
});
