import { describe, expect, it } from 'vitest';
import { agentPlan, planStep } from '../../../testing/agent-fixture';
import { planProgress } from './plan-progress';

const quiet = {
  attemptError: null,
  planning: false,
  streamedStepIds: [],
  confirming: false,
  cancelling: false,
};

describe('planProgress', () => {
  it('asks before a ready step that needs confirmation, and lets pending steps be edited', () => {
    const plan = agentPlan({ steps: [planStep('s1'), planStep('s2', { dependsOn: ['s1'] })] });
    const progress = planProgress({ ...quiet, plan });
    expect(progress.status).toBe('idle');
    expect(progress.asking.map((step) => step.id)).toEqual(['s1']);
    expect(progress.automatic).toEqual([]);
    expect(progress.canEdit(planStep('s2'))).toBe(true);
    expect(progress.canEdit(planStep('s2', { confirmedAt: 5 }))).toBe(false);
  });

  it('runs a step that needs no confirmation by itself, and asks nothing meanwhile', () => {
    const plan = agentPlan({
      mode: 'multi_agent',
      steps: [planStep('read', { requiresConfirmation: false }), planStep('write')],
    });
    const progress = planProgress({ ...quiet, plan });
    expect(progress.automatic.map((step) => step.id)).toEqual(['read']);
    expect(progress.asking).toEqual([]);
  });

  it('is executing while a step streams here or runs on the server, with nothing ready or editable', () => {
    const plan = agentPlan({ steps: [planStep('s1', { status: 'in_progress' }), planStep('s2')] });
    const onServer = planProgress({ ...quiet, plan });
    expect(onServer.status).toBe('executing');
    expect(onServer.serverRunning).toBe(true);
    expect([...onServer.running]).toEqual(['s1']);
    expect(onServer.asking).toEqual([]);
    expect(onServer.canEdit(planStep('s2'))).toBe(false);

    const streamed = planProgress({
      ...quiet,
      plan: agentPlan({ steps: [planStep('s1')] }),
      streamedStepIds: ['s1'],
    });
    expect(streamed.status).toBe('executing');
    expect(streamed.serverRunning).toBe(false);
    expect([...streamed.running]).toEqual(['s1']);
  });

  it('says planning first, then error for a failed plan or a failed planning', () => {
    expect(planProgress({ ...quiet, plan: null, planning: true }).status).toBe('planning');
    expect(planProgress({ ...quiet, plan: null, attemptError: 'No model' }).status).toBe('error');
    expect(planProgress({ ...quiet, plan: agentPlan({ status: 'error' }) }).status).toBe('error');
    // A plan shown is what tells: an old attempt's error no longer counts.
    expect(planProgress({ ...quiet, plan: agentPlan(), attemptError: 'No model' }).status).toBe('idle');
  });

  it('offers Retry on an interrupted step of an open plan unless it runs again or the plan is being cancelled', () => {
    const interrupted = planStep('s1', { status: 'interrupted' });
    const plan = agentPlan({ steps: [interrupted] });
    expect(planProgress({ ...quiet, plan }).canRetry(interrupted)).toBe(true);
    expect(planProgress({ ...quiet, plan, streamedStepIds: ['s1'] }).canRetry(interrupted)).toBe(false);
    expect(planProgress({ ...quiet, plan, cancelling: true }).canRetry(interrupted)).toBe(false);
    const closed = agentPlan({ status: 'cancelled', steps: [interrupted] });
    expect(planProgress({ ...quiet, plan: closed }).canRetry(interrupted)).toBe(false);
  });
});
