import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { agentPlan, planStep } from '../../../testing/agent-fixture';
import type { PlanPanelState } from '../hooks/use-agent';
import { PlanPanel } from './plan-panel';

function state(patch: Partial<PlanPanelState> = {}): PlanPanelState {
  const plan = patch.plan === undefined ? agentPlan() : patch.plan;
  return {
    status: 'idle',
    mode: plan?.mode ?? 'mcp',
    goal: plan?.goal ?? 'Say hi',
    plan,
    running: new Set(),
    asking: [],
    canEdit: () => false,
    canRetry: (step) => step.status === 'interrupted',
    retry: vi.fn(),
    busy: false,
    error: null,
    proceed: vi.fn(),
    cancel: vi.fn(),
    edit: vi.fn(),
    dismiss: vi.fn(),
    ...patch,
  };
}

const steps = () => within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');

describe('PlanPanel', () => {
  it('shows the goal and each step in order with its status, output and error; MCP steps with their tool call', async () => {
    const long = `${'A long output line. '.repeat(30)}**The end.**`;
    const plan = agentPlan({
      status: 'error',
      error: 'Step 4 failed',
      steps: [
        planStep('s1', { status: 'completed', tool: 'echo', arguments: { message: 'hi' }, output: long }),
        planStep('s2', { status: 'in_progress', tool: 'add', arguments: { a: 1, b: 2 } }),
        planStep('s3', { tool: 'echo', requiresConfirmation: false }),
        planStep('s4', { status: 'error', error: 'Error executing tool echo: boom' }),
      ],
    });
    render(<PlanPanel state={state({ plan, status: 'error' })} />);

    expect(screen.getByRole('heading', { name: 'Current Plan' })).toBeTruthy();
    expect(screen.getByText('MCP Server')).toBeTruthy();
    expect(screen.getByText('Say hi')).toBeTruthy();
    expect(steps().map((step) => within(step).getByText(/^Step \d:$/).parentElement?.textContent)).toEqual([
      'Step 1: Do s1',
      'Step 2: Do s2',
      'Step 3: Do s3',
      'Step 4: Do s4',
    ]);
    const [first, second, third, fourth] = steps() as HTMLElement[];
    expect(within(first as HTMLElement).getByText('Completed')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('In progress')).toBeTruthy();
    expect(within(third as HTMLElement).getByText('Pending')).toBeTruthy();
    expect(within(third as HTMLElement).getByText('Runs without asking')).toBeTruthy();
    expect(within(fourth as HTMLElement).getByText('Error')).toBeTruthy();
    expect(within(fourth as HTMLElement).getByText('Error executing tool echo: boom')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('add')).toBeTruthy();
    expect(
      within(second as HTMLElement).getByRole('region', { name: 'Arguments of step 2' }).textContent,
    ).toBe(JSON.stringify({ a: 1, b: 2 }, null, 2));

    // A long output is Markdown, collapsed until asked for.
    // (The Markdown parser loads on demand: the plain text shows first.)
    expect((await within(first as HTMLElement).findByText('The end.')).tagName).toBe('STRONG');
    const more = within(first as HTMLElement).getByRole('button', {
      name: 'Show more of the output of step 1',
    });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.getAttribute('aria-label')).toBe('Show less of the output of step 1');

    expect(screen.getByText('Step 4 failed')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Agent status: Error');
  });

  it('shows a Multi Agent step’s role, what it runs after, and the synthesis step', () => {
    const plan = agentPlan({
      mode: 'multi_agent',
      steps: [
        planStep('r', { role: 'researcher' }),
        planStep('w', { role: 'writer' }),
        planStep('s', { role: 'synthesizer', dependsOn: ['r', 'w'] }),
      ],
    });
    render(<PlanPanel state={state({ plan, asking: plan.steps.slice(0, 2) })} />);
    const [researcher, , synthesis] = steps() as HTMLElement[];
    expect(screen.getByText('Multi Agent')).toBeTruthy();
    expect(within(researcher as HTMLElement).getByText('researcher')).toBeTruthy();
    expect(within(synthesis as HTMLElement).getByText('Synthesis')).toBeTruthy();
    expect(within(synthesis as HTMLElement).getByText('after step 1, 2')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Would you like to proceed with this step?' })).toBeTruthy();
    expect(screen.getByText('Steps 1 and 2 run in parallel.')).toBeTruthy();
  });

  it('shows what a Generic Agent re-plan changed, after which step, and marks the changed steps', () => {
    const plan = agentPlan({
      mode: 'generic_agent',
      status: 'in_progress',
      steps: [
        planStep('s1', { status: 'completed' }),
        planStep('s2', { change: 'revised' }),
        planStep('s3', { change: 'added' }),
      ],
      revisions: [
        {
          afterStepId: 's1',
          at: 2,
          added: ['Do s3'],
          removed: ['Old'],
          revised: ['Do s2'],
          reason: 'New facts',
        },
      ],
    });
    render(<PlanPanel state={state({ plan })} />);
    const [, revised, added] = steps() as HTMLElement[];
    expect(within(revised as HTMLElement).getByText('Revised')).toBeTruthy();
    expect(within(added as HTMLElement).getByText('Added')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Plan changes' })).toBeTruthy();
    expect(screen.getByText('After step 1:').parentElement?.textContent).toBe(
      'After step 1: added “Do s3”; removed “Old”; revised “Do s2” (New facts)',
    );
  });

  it('shows an interrupted step as such, with Retry (by keyboard) running it again', async () => {
    const interrupted = planStep('s2', { status: 'interrupted', error: 'This step was interrupted.' });
    const plan = agentPlan({
      status: 'in_progress',
      steps: [planStep('s1', { status: 'completed' }), interrupted],
    });
    const retry = vi.fn();
    render(<PlanPanel state={state({ plan, retry })} />);
    const [first, second] = steps() as HTMLElement[];
    expect(within(first as HTMLElement).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(second as HTMLElement).getByText('Interrupted')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('This step was interrupted.')).toBeTruthy();
    const button = within(second as HTMLElement).getByRole('button', { name: 'Retry step 2' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(retry).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 's2' }));
  });

  it("asks 'Would you like to proceed with this step?' and answers with the buttons", async () => {
    const plan = agentPlan({ steps: [planStep('s1', { description: 'Echo it' })] });
    const panel = state({ plan, asking: plan.steps });
    render(<PlanPanel state={panel} />);
    expect(screen.getByText('Step 1: Echo it', { selector: 'p' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, proceed' }));
    expect(panel.proceed).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'No, cancel' }));
    expect(panel.cancel).toHaveBeenCalledOnce();
    // An open plan is not put away; a finished one is.
    expect(screen.queryByRole('button', { name: 'Close the plan' })).toBeNull();
  });

  it('shows the goal being planned, then lets a failed planning be closed', async () => {
    const { rerender } = render(
      <PlanPanel state={state({ plan: null, status: 'planning', goal: 'Plan a trip' })} />,
    );
    expect(screen.getByText('Planning the steps…')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Agent status: Planning');
    expect(screen.queryByRole('button', { name: 'Close the plan' })).toBeNull();

    const failed = state({
      plan: null,
      status: 'error',
      goal: 'Plan a trip',
      error: 'No MCP server configured',
    });
    rerender(<PlanPanel state={failed} />);
    expect(screen.getByRole('alert').textContent).toBe('No MCP server configured');
    await userEvent.click(screen.getByRole('button', { name: 'Close the plan' }));
    expect(failed.dismiss).toHaveBeenCalledOnce();
  });
});
