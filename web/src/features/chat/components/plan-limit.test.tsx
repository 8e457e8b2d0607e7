import { LIMIT_MESSAGES, PLAN_LIMIT_ERROR_CODE } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatHarness, conversation, message, readyProviders } from '../../../testing/chat-fixture';
import { type FakeHttp, type FakeStream, fakeHttp, json } from '../../../testing/fake-http';
import { ChatScreen } from './chat-screen';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => 'id-token' } } }),
}));
vi.mock('../../../config/runtime-config', async () => {
  const { TEST_CONFIG } = await import('../../../testing/fake-http');
  return { getRuntimeConfig: () => TEST_CONFIG };
});

const STREAM = /^\/messages\/generate-stream$/;
const LIMIT = LIMIT_MESSAGES.dailyTokens(100, 'Free');

let http: FakeHttp;

beforeEach(() => {
  http = fakeHttp();
  vi.stubGlobal('fetch', http.fetch);
  http.answer('GET', /^\/conversations$/, [conversation('c1')]);
  http.answer('GET', /^\/conversations\/c1\/messages$/, { messages: [] });
  http.answer('GET', /^\/conversations\/c1\/plans$/, { plans: [] });
  http.answer('POST', /^\/messages$/, message({ id: 'm-user', role: 'user', content: 'Hello' }));
  http.streamOn(STREAM);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function sendHello() {
  render(
    <ChatHarness path="/home/c/c1">
      <ChatScreen
        providers={readyProviders()}
        email="ada@example.com"
        hasUser
        onOpenSettings={vi.fn()}
        onSignOut={vi.fn()}
        signingOut={false}
      />
    </ChatHarness>,
  );
  await screen.findByRole('button', { name: 'Chat c1', current: 'page' });
  await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
}

/** The failed reply's alert. */
async function replyError() {
  const alert = await screen.findByRole('alert');
  return { alert, text: alert.textContent };
}

describe('a plan limit in the chat', () => {
  it("offers 'Upgrade Plan' (to /pricing) when the stream's error carries the plan limit code", async () => {
    await sendHello();
    await waitFor(() => expect(http.streams).toHaveLength(1));
    const stream = http.streams[0] as FakeStream;
    stream.send(
      { type: 'status', status: 'streaming', messageId: 'm-reply' },
      { type: 'error', message: LIMIT, code: PLAN_LIMIT_ERROR_CODE },
    );
    const { alert, text } = await replyError();
    expect(text).toContain(LIMIT);
    expect(within(alert).getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/pricing');
  });

  it('offers it too when the stream is refused before it starts (an API error with the code)', async () => {
    http.answer('GET', STREAM, json({ code: PLAN_LIMIT_ERROR_CODE, message: LIMIT }, 429));
    await sendHello();
    const { alert, text } = await replyError();
    expect(text).toContain(LIMIT);
    expect(within(alert).getByRole('link', { name: 'Upgrade Plan' })).toBeTruthy();
  });

  it('does not offer it for other errors', async () => {
    await sendHello();
    await waitFor(() => expect(http.streams).toHaveLength(1));
    (http.streams[0] as FakeStream).send({ type: 'error', message: 'Model overloaded' });
    const { alert, text } = await replyError();
    expect(text).toContain('Model overloaded');
    expect(within(alert).queryByRole('link')).toBeNull();
  });
});
