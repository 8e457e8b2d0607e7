import type { AgentPlan, Message, StreamEvent } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../components/dialog';
import { ToastRegion } from '../../../components/toast/toast-region';
import { agentPlan, endOf, planStep, withStep } from '../../../testing/agent-fixture';
import { ChatHarness, conversation, message, readyProviders } from '../../../testing/chat-fixture';
import { type FakeHttp, type FakeStream, fakeHttp, json } from '../../../testing/fake-http';
import { ChatScreen } from '../../chat/components/chat-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

let http: FakeHttp;
let messages: Message[];

const PLAN_STREAM = /^\/agent\/plan-stream$/;
const EXECUTE_STREAM = /^\/agent\/execute-stream$/;
const CONFIRM = /^\/conversations\/c1\/plans\/p1\/steps\/(\w+)\/confirm$/;
const CANCEL = /^\/conversations\/c1\/plans\/p1\/cancel$/;

const ECHO_PLAN = agentPlan({
  steps: [planStep('s1', { description: 'Echo the goal', tool: 'echo', arguments: { message: 'Say hi' } })],
});

function renderChat(path = '/home/c/c1') {
  return render(
    <ChatHarness path={path}>
      <ToastRegion />
      <ChatScreen
        providers={readyProviders()}
        email="ada@example.com"
        hasUser
        onOpenSettings={vi.fn()}
        onSignOut={vi.fn()}
        signingOut={false}
        serverConfig={(_server, onClose) => (
          <Dialog title="New Server Configuration" onClose={onClose}>
            <p>The server form</p>
          </Dialog>
        )}
      />
    </ChatHarness>,
  );
}

const textbox = () => screen.getByRole('textbox', { name: 'Message' });
const panel = () => screen.getByRole('region', { name: 'Current Plan' });
const agentStatus = () => within(panel()).getByRole('status').textContent;

/** The stream the page opened last on `path`, once it is open. */
async function opened(path: RegExp, count = 1): Promise<FakeStream> {
  await waitFor(() => expect(http.streams.filter((s) => path.test(s.path))).toHaveLength(count));
  return http.streams.filter((s) => path.test(s.path)).at(-1) as FakeStream;
}

/** Opens conversation c1 in `mode` (its tab) once it is shown. */
async function openIn(mode: string, path?: string) {
  renderChat(path);
  await screen.findByRole('button', { name: 'Chat c1', current: 'page' });
  await userEvent.click(screen.getByRole('tab', { name: mode }));
}

/** Sends the goal and plays the plan stream up to the plan and its end. */
async function planned(goal: string, plan: AgentPlan) {
  await userEvent.type(textbox(), `${goal}{Enter}`);
  const planning = await opened(PLAN_STREAM);
  messages = [
    message({ id: 'm-goal', role: 'user', content: goal }),
    message({ id: 'm-plan', role: 'assistant', content: '**Plan** · the steps' }),
  ];
  planning.send(
    { type: 'status', status: 'streaming', messageId: 'm-plan' },
    { type: 'status', status: 'planning', messageId: 'm-plan' },
    { type: 'plan', plan },
    endOf('m-plan'),
  );
  return planning;
}

/** Plays a step's execute stream: started, `events`, then the plan as `after` and the end. */
function runStep(
  stream: FakeStream,
  messageId: string,
  running: AgentPlan,
  after: AgentPlan,
  events: StreamEvent[],
) {
  const stepId = stream.query.stepId ?? '';
  stream.send(
    { type: 'status', status: 'streaming', messageId },
    { type: 'plan_step', stepId, status: 'in_progress', plan: running },
    ...events,
    { type: 'plan_step', stepId, status: 'completed', plan: after },
    endOf(messageId),
  );
}

beforeEach(() => {
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
  messages = [];
  http.answer('GET', /^\/conversations$/, [conversation('c1', { mcpServerIds: ['srv-1'] })]);
  // The chat reads its latest page, newest first.
  http.answer('GET', /^\/conversations\/c1\/messages$/, () => json({ messages: messages.toReversed() }));
  http.answer('GET', /^\/conversations\/c1\/plans$/, { plans: [] });
  http.answer('PUT', /^\/conversations\/c1$/, {});
  http.answer('POST', /^\/messages$/, (request: { body: { content: string } }) =>
    json(message({ id: 'm-goal', role: 'user', content: request.body.content }), 201),
  );
  http.streamOn(PLAN_STREAM, EXECUTE_STREAM);
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('agent modes', () => {
  it("asks for an MCP server first: 'Please set up your MCP server first' and the server configuration", async () => {
    http.answer('GET', /^\/conversations$/, [conversation('c1')]);
    await openIn('Single Agent');
    await userEvent.type(textbox(), 'Plan my trip{Enter}');
    expect(await screen.findByText('Please set up your MCP server first')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'New Server Configuration' })).toBeTruthy();
    expect(http.streams).toHaveLength(0);
    await userEvent.keyboard('{Escape}');
    expect((textbox() as HTMLTextAreaElement).value).toBe('Plan my trip');
  });

  it('plans a goal, asks before the step, then runs it: the step streams into the chat and the panel', async () => {
    await openIn('MCP Server');
    const planning = await planned('Say hi', ECHO_PLAN);
    expect(`${planning.url.origin}${planning.url.pathname}`).toBe('http://stream.test/api/agent/plan-stream');
    // The goal is saved first (a body); the stream's URL names it by id.
    expect(http.seen('POST', /^\/messages$/).map((request) => request.body)).toEqual([
      {
        conversationId: 'c1',
        provider: 'custom:k1',
        model: 'llama3.2:latest',
        content: 'Say hi',
        role: 'user',
      },
    ]);
    expect(planning.query).toEqual({
      conversationId: 'c1',
      serverId: 'srv-1',
      mode: 'mcp',
      goalMessageId: 'm-goal',
      provider: 'custom:k1',
      model: 'llama3.2:latest',
      autoRunReadOnly: 'false',
    });
    expect(planning.headers.get('Authorization')).toBe('Bearer id-token');

    // The plan, with its tool call, asks before its step; the chat shows the saved goal and summary.
    expect(await screen.findByText('Would you like to proceed with this step?')).toBeTruthy();
    expect(within(panel()).getByText('Echo the goal')).toBeTruthy();
    expect(within(panel()).getByText('echo')).toBeTruthy();
    expect(within(panel()).getByText(/"message": "Say hi"/)).toBeTruthy();
    expect(agentStatus()).toBe('Agent status: Idle');
    expect(await screen.findByText('the steps', { exact: false })).toBeTruthy();

    const confirmed = withStep(ECHO_PLAN, 's1', { confirmedAt: 5 });
    http.answer('POST', CONFIRM, confirmed);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, proceed' }));
    const execution = await opened(EXECUTE_STREAM);
    expect(http.seen('POST', CONFIRM)).toHaveLength(1);
    expect(`${execution.url.origin}${execution.url.pathname}`).toBe(
      'http://stream.test/api/agent/execute-stream',
    );
    expect(execution.query).toEqual({ conversationId: 'c1', planId: 'p1', stepId: 's1' });
    expect(screen.queryByRole('button', { name: 'Yes, proceed' })).toBeNull();

    const running = {
      ...withStep(confirmed, 's1', { status: 'in_progress' }),
      status: 'in_progress' as const,
    };
    execution.send(
      { type: 'status', status: 'streaming', messageId: 'm-s1' },
      { type: 'plan_step', stepId: 's1', status: 'in_progress', plan: running },
      { type: 'tool_call', toolCallId: 't1', name: 'echo', input: { message: 'Say hi' } },
    );
    await waitFor(() => expect(agentStatus()).toBe('Agent status: Executing'));
    expect(within(panel()).getByText('In progress')).toBeTruthy();
    const reply = (await screen.findByText('Step 1 · Echo the goal')).closest('article') as HTMLElement;
    expect(within(reply).getByText('echo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop Generating' })).toBeTruthy();

    const done = {
      ...withStep(running, 's1', { status: 'completed', output: 'Echo: Say hi' }),
      status: 'completed' as const,
    };
    // An MCP Server step streams no text: the tool's result, the step's output, is its message's.
    execution.send(
      { type: 'tool_result', toolCallId: 't1', name: 'echo', result: 'Echo: Say hi' },
      { type: 'plan_step', stepId: 's1', status: 'completed', plan: done },
      endOf('m-s1'),
    );
    expect(await within(panel()).findByText('All steps completed.')).toBeTruthy();
    expect(within(panel()).getByText('Completed')).toBeTruthy();
    expect(within(reply).getByText('Echo: Say hi', { selector: 'p' })).toBeTruthy();
    expect(agentStatus()).toBe('Agent status: Idle');
    expect(screen.queryByRole('button', { name: 'Stop Generating' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Close the plan' }));
    expect(screen.queryByRole('region', { name: 'Current Plan' })).toBeNull();
  });

  it("takes a typed 'yes' as the confirmation, and any other reply as a cancellation, keeping the reply in the chat", async () => {
    const plan = agentPlan({ mode: 'single_agent', steps: [planStep('s1'), planStep('s2')] });
    await openIn('Single Agent');
    await planned('Write a poem', plan);
    await screen.findByText('Would you like to proceed with this step?');
    expect(textbox().getAttribute('placeholder')).toBe("Type 'yes' to proceed");
    // A saved reply is read back with the conversation's messages.
    http.answer('POST', /^\/messages$/, (request: { body: { content: string } }) => {
      const saved = message({ id: `m-${messages.length}`, role: 'user', content: request.body.content });
      messages = [...messages, saved];
      return json(saved, 201);
    });

    http.answer('POST', CONFIRM, withStep(plan, 's1', { confirmedAt: 5 }));
    await userEvent.type(textbox(), 'Yes please{Enter}');
    const first = await opened(EXECUTE_STREAM);
    expect(http.seen('POST', CONFIRM)[0]?.path).toBe('/conversations/c1/plans/p1/steps/s1/confirm');
    // The reply went to the plan, not to the model, and stays in the chat.
    expect(await screen.findByText('Yes please')).toBeTruthy();
    expect(http.streams.filter((s) => !EXECUTE_STREAM.test(s.path) && !PLAN_STREAM.test(s.path))).toEqual([]);

    const afterFirst = {
      ...withStep(plan, 's1', { status: 'completed', output: 'A poem' }),
      status: 'in_progress' as const,
    };
    runStep(first, 'm-s1', withStep(plan, 's1', { status: 'in_progress' }), afterFirst, [
      { type: 'message_delta', chunk: 'A poem' },
    ]);
    expect(await screen.findByText('Would you like to proceed with this step?')).toBeTruthy();
    expect(screen.getByText('Step 2: Do s2')).toBeTruthy();

    http.answer('POST', CANCEL, {
      ...withStep(afterFirst, 's2', { status: 'cancelled' }),
      status: 'cancelled',
    });
    await userEvent.type(textbox(), 'Actually, stop{Enter}');
    expect(await within(panel()).findByText('Plan cancelled.')).toBeTruthy();
    expect(http.seen('POST', CANCEL)).toHaveLength(1);
    expect(http.seen('POST', CONFIRM)).toHaveLength(1);
    expect(agentStatus()).toBe('Agent status: Idle');
    // The user's words are kept, and the step that did not run says so.
    expect(await screen.findByText('Actually, stop')).toBeTruthy();
    expect(
      http.seen('POST', /^\/messages$/).map((request) => (request.body as { content: string }).content),
    ).toEqual(['Write a poem', 'Yes please', 'Actually, stop']);
    expect(within(panel()).getByText('Cancelled')).toBeTruthy();
    expect(within(panel()).queryByText('Pending')).toBeNull();
  }, 30_000);

  it("cancels the plan with 'No, cancel'", async () => {
    await openIn('MCP Server');
    await planned('Say hi', ECHO_PLAN);
    http.answer('POST', CANCEL, { ...ECHO_PLAN, status: 'cancelled' });
    await userEvent.click(await screen.findByRole('button', { name: 'No, cancel' }));
    expect(await within(panel()).findByText('Plan cancelled.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Yes, proceed' })).toBeNull();
    expect(http.streams.filter((s) => EXECUTE_STREAM.test(s.path))).toHaveLength(0);
  });

  it('runs the steps that need no confirmation as soon as they are ready, several at once in Multi Agent', async () => {
    const plan = agentPlan({
      mode: 'multi_agent',
      autoRunReadOnly: true,
      steps: [
        planStep('s1', { role: 'researcher', requiresConfirmation: false }),
        planStep('s2', { role: 'writer', requiresConfirmation: false }),
        planStep('s3', { role: 'synthesizer', dependsOn: ['s1', 's2'] }),
      ],
    });
    await openIn('Multi Agent');
    await userEvent.click(screen.getByRole('switch', { name: 'Auto-run read-only steps' }));
    const planning = await planned('Research and write', plan);
    expect(planning.query.autoRunReadOnly).toBe('true');
    expect(localStorage.getItem('agentforge.autoRunReadOnly')).toBe('true');

    await opened(EXECUTE_STREAM, 2);
    const [first, second] = http.streams.filter((s) => EXECUTE_STREAM.test(s.path));
    expect([first?.query.stepId, second?.query.stepId]).toEqual(['s1', 's2']);
    expect(http.seen('POST', CONFIRM)).toHaveLength(0);
    expect(screen.queryByText('Would you like to proceed with this step?')).toBeNull();
    expect(within(panel()).getByText('after step 1, 2')).toBeTruthy();
    expect(within(panel()).getByText('Synthesis')).toBeTruthy();

    const both = withStep(withStep(plan, 's1', { status: 'completed' }), 's2', { status: 'completed' });
    runStep(first as FakeStream, 'm-s1', plan, withStep(plan, 's1', { status: 'completed' }), []);
    runStep(second as FakeStream, 'm-s2', plan, both, []);
    // The synthesis step needs a yes.
    expect(await screen.findByText('Would you like to proceed with this step?')).toBeTruthy();
    expect(screen.getByText('Step 3: Do s3')).toBeTruthy();
  });

  it('confirms the ready steps of a Multi Agent plan together and runs them in parallel', async () => {
    const plan = agentPlan({
      mode: 'multi_agent',
      steps: [planStep('s1', { role: 'researcher' }), planStep('s2', { role: 'writer' })],
    });
    await openIn('Multi Agent');
    await planned('Research and write', plan);
    expect(await screen.findByText('Steps 1 and 2 run in parallel.')).toBeTruthy();
    http.answer('POST', CONFIRM, (_request: unknown, match: RegExpMatchArray) =>
      json(withStep(plan, match[1] ?? '', { confirmedAt: 5 })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yes, proceed' }));
    await opened(EXECUTE_STREAM, 2);
    expect(http.seen('POST', CONFIRM).map((r) => r.path.split('/')[6])).toEqual(['s1', 's2']);
  });

  it("stops a running step with the chat's stop call and its message id", async () => {
    http.answer('POST', /^\/conversations\/c1\/messages\/m-s1\/stop$/, {});
    await openIn('MCP Server');
    await planned('Say hi', ECHO_PLAN);
    http.answer('POST', CONFIRM, withStep(ECHO_PLAN, 's1', { confirmedAt: 5 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, proceed' }));
    const execution = await opened(EXECUTE_STREAM);
    execution.send(
      { type: 'status', status: 'streaming', messageId: 'm-s1' },
      { type: 'message_delta', chunk: 'Ech' },
    );
    await screen.findByText('Ech');
    await userEvent.click(screen.getByRole('button', { name: 'Stop Generating' }));
    expect(await screen.findByText('[Streaming stopped]')).toBeTruthy();
    await waitFor(() => expect(http.seen('POST', /\/stop$/)).toHaveLength(1));
    expect(http.seen('POST', /\/stop$/)[0]?.body).toEqual({ shownChars: 3 });
  });

  it("shows the API's refusal to run a step, e.g. 'No MCP server configured'", async () => {
    await openIn('MCP Server');
    await planned('Say hi', ECHO_PLAN);
    http.answer('POST', CONFIRM, withStep(ECHO_PLAN, 's1', { confirmedAt: 5 }));
    http.answer('GET', EXECUTE_STREAM, json({ message: 'No MCP server configured' }, 409));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, proceed' }));
    expect((await within(panel()).findByRole('alert')).textContent).toBe('No MCP server configured');
    const reply = (await screen.findByText('Step 1 · Echo the goal')).closest('article') as HTMLElement;
    expect(within(reply).getByRole('alert').textContent).toBe(
      'Error: Streaming failed: No MCP server configured (Status: 409)',
    );
  });

  it("edits a pending step: the PATCH, and the API's refusal shown in the dialog", async () => {
    await openIn('MCP Server');
    await planned('Say hi', ECHO_PLAN);
    const STEP = /^\/conversations\/c1\/plans\/p1\/steps\/s1$/;
    http.answer('PATCH', STEP, json({ message: 'Invalid arguments: message must be a string' }, 400));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit step 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit step 1' });
    const args = within(dialog).getByRole('textbox', { name: 'Arguments (JSON)' });

    await userEvent.clear(args);
    await userEvent.type(args, 'not json');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save step' }));
    expect(within(dialog).getByText(/must be a JSON object/)).toBeTruthy();
    expect(http.seen('PATCH', STEP)).toHaveLength(0);

    await userEvent.clear(args);
    await userEvent.type(args, '{{"message": 42}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save step' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Invalid arguments: message must be a string',
    );
    expect(http.seen('PATCH', STEP)[0]?.body).toEqual({ arguments: { message: 42 } });

    http.answer('PATCH', STEP, withStep(ECHO_PLAN, 's1', { arguments: { message: 'Bonjour' } }));
    await userEvent.clear(args);
    await userEvent.type(args, '{{"message": "Bonjour"}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save step' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(panel()).getByText(/"message": "Bonjour"/)).toBeTruthy();
  });

  it('shows a plan found open when the conversation is opened, in its mode, and follows a running step', async () => {
    const plan = agentPlan({
      mode: 'generic_agent',
      status: 'in_progress',
      steps: [
        planStep('s1', { status: 'completed', output: 'Understood' }),
        planStep('s2', { status: 'in_progress', description: 'Answer', change: 'revised' }),
      ],
      revisions: [{ afterStepId: 's1', at: 3, added: [], removed: ['Old step'], revised: ['Answer'] }],
    });
    http.answer('GET', /^\/conversations\/c1\/plans$/, { plans: [plan] });
    let polled = 0;
    http.answer('GET', /^\/conversations\/c1\/plans\/p1$/, () => {
      polled += 1;
      return json(
        polled < 2 ? plan : { ...withStep(plan, 's2', { status: 'completed' }), status: 'completed' },
      );
    });
    renderChat();
    expect(await screen.findByRole('region', { name: 'Current Plan' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Generic Agent' }).getAttribute('aria-selected')).toBe('true');
    expect(agentStatus()).toBe('Agent status: Executing');
    expect(within(panel()).getByText('Revised')).toBeTruthy();
    expect(within(panel()).getByText(/removed “Old step”; revised “Answer”/)).toBeTruthy();

    // Polled every 1.5 s while the step runs with no stream here; its output is read when it ends.
    expect(await within(panel()).findByText('All steps completed.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(polled).toBe(2);
    await waitFor(() =>
      expect(http.seen('GET', /^\/conversations\/c1\/messages$/).length).toBeGreaterThan(1),
    );
  });

  it('retries an interrupted step found on opening: Retry opens its execute stream, once while it runs', async () => {
    const plan = agentPlan({
      status: 'in_progress',
      steps: [planStep('s1', { status: 'interrupted', error: 'This step was interrupted.', confirmedAt: 2 })],
    });
    http.answer('GET', /^\/conversations\/c1\/plans$/, { plans: [plan] });
    http.answer('GET', /^\/conversations\/c1\/plans\/p1$/, plan);
    renderChat();
    const retry = await within(await screen.findByRole('region', { name: 'Current Plan' })).findByRole(
      'button',
      { name: 'Retry step 1' },
    );
    await userEvent.click(retry);
    const stream = await opened(EXECUTE_STREAM);
    expect(stream.query).toMatchObject({ conversationId: 'c1', planId: 'p1', stepId: 's1' });
    // While it runs the step is no longer offered for Retry.
    await waitFor(() => expect(within(panel()).queryByRole('button', { name: 'Retry step 1' })).toBeNull());
    const running = withStep(plan, 's1', { status: 'in_progress' });
    runStep(
      stream,
      'm-retry',
      running,
      { ...withStep(plan, 's1', { status: 'completed' }), status: 'completed' },
      [],
    );
    expect(await within(panel()).findByText('All steps completed.')).toBeTruthy();
    expect(http.streams.filter((s) => EXECUTE_STREAM.test(s.path))).toHaveLength(1);
  });

  it('keeps each conversation’s mode for the browser tab, and refuses a goal that is too long', async () => {
    await openIn('Single Agent');
    expect(sessionStorage.getItem('agentforge.mode.c1')).toBe('single_agent');
    await userEvent.click(textbox());
    await userEvent.paste('x'.repeat(4_001));
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('The goal is too long (at most 4,000 characters).');
    expect(http.streams).toHaveLength(0);
  });

  it('shows a planning failure (the API says why) as the plan’s error and in the chat', async () => {
    await openIn('MCP Server');
    await userEvent.type(textbox(), 'Say hi{Enter}');
    const planning = await opened(PLAN_STREAM);
    planning.send(
      { type: 'status', status: 'streaming', messageId: 'm-plan' },
      {
        type: 'error',
        message: 'No MCP server configured',
      },
    );
    expect((await within(panel()).findByRole('alert')).textContent).toBe('No MCP server configured');
    expect(agentStatus()).toBe('Agent status: Error');
    expect(screen.getAllByText(/No MCP server configured/)).toHaveLength(2);
  });
});
