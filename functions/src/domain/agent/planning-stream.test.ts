import { AGENT_MODE_LABELS, GOAL_TOO_LONG, MAX_GOAL_LENGTH } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { inMemoryMessages } from '../../testing/in-memory-conversations.js';
import type { AgentPlanRecord } from './plan-record.js';
import { planSummary, savedGoal } from './planning-stream.js';

const message = (messageId: string, role: 'user' | 'assistant', content: string) => ({
  conversationId: 'c1',
  messageId,
  userId: 'alice',
  role,
  content,
  status: 'complete' as const,
  timestamp: 1,
});

describe('the planning stream', () => {
  it('reads the goal from its saved user message, trimmed; refuses a missing, assistant or too long one', async () => {
    const messages = inMemoryMessages();
    await messages.create(message('m1', 'user', '  Plan my week  '));
    await messages.create(message('m2', 'assistant', 'Sure'));
    await messages.create(message('m3', 'user', 'x'.repeat(MAX_GOAL_LENGTH + 1)));
    await expect(savedGoal(messages, 'c1', 'm1')).resolves.toBe('Plan my week');
    await expect(savedGoal(messages, 'c1', 'm2')).rejects.toThrow('Message not found');
    await expect(savedGoal(messages, 'c1', 'nope')).rejects.toThrow('Message not found');
    await expect(savedGoal(messages, 'c1', 'm3')).rejects.toThrow(GOAL_TOO_LONG);
  });

  it('sums the plan up for the history: the mode, then each step with its tool or role', () => {
    const plan = {
      mode: 'multi_agent',
      steps: [
        {
          id: 's1',
          description: 'Find facts',
          status: 'pending',
          role: 'researcher',
          requiresConfirmation: false,
        },
        { id: 's2', description: 'Echo', status: 'pending', tool: 'echo', requiresConfirmation: false },
        { id: 's3', description: 'Think', status: 'pending', requiresConfirmation: false },
      ],
    } as AgentPlanRecord;
    expect(planSummary(plan)).toBe(
      `**Plan** · ${AGENT_MODE_LABELS.multi_agent}\n\n1. Find facts (researcher)\n2. Echo (\`echo\`)\n3. Think`,
    );
  });
});
