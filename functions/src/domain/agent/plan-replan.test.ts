import { MAX_PLAN_STEPS } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { plan, step } from '../../testing/plan-fixtures.js';
import { applyReplan } from './plan-replan.js';

describe('a Generic Agent re-plan', () => {
  it('re-plans the steps left and records what changed', () => {
    let ids = 0;
    const context = { newStepId: () => `n${++ids}`, autoRunReadOnly: false, now: 9 };
    const generic = plan({
      mode: 'generic_agent',
      status: 'in_progress',
      steps: [step('s1', { status: 'completed' }), step('s2'), step('s3')],
    });
    expect(applyReplan(generic, 's1', { done: false }, context)).toBe(generic);

    const revised = applyReplan(
      generic,
      's1',
      {
        done: false,
        remaining: [{ description: 'Step s2' }, { description: 'Check it' }, { description: 'Report' }],
        reason: 'More to do',
      },
      context,
    );
    expect(revised.steps.map((s) => [s.id, s.description, s.change])).toEqual([
      ['s1', 'Step s1', undefined],
      ['s2', 'Step s2', undefined],
      ['s3', 'Check it', 'revised'],
      ['n1', 'Report', 'added'],
    ]);
    expect(revised.revisions).toEqual([
      {
        afterStepId: 's1',
        at: 9,
        added: ['Report'],
        removed: [],
        revised: ['Check it'],
        reason: 'More to do',
      },
    ]);

    const finished = applyReplan(generic, 's1', { done: true }, context);
    expect(finished).toMatchObject({ status: 'completed' });
    expect(finished.steps.map((s) => s.id)).toEqual(['s1']);
    expect(finished.revisions[0]?.removed).toEqual(['Step s2', 'Step s3']);

    const many = Array.from({ length: 20 }, (_, i) => ({ description: `More ${i}` }));
    expect(applyReplan(generic, 's1', { done: false, remaining: many }, context).steps).toHaveLength(
      MAX_PLAN_STEPS,
    );
  });
});
