import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { testRouter } from '../../../testing/test-router';
import { handOver, useHandedOverMessage } from './use-handed-over-message';

function Chat({ send }: { send: (text: string) => Promise<boolean> }) {
  const [ready, setReady] = useState(false);
  useHandedOverMessage(send, ready);
  const location = useLocation();
  return (
    <>
      <p>{`state: ${JSON.stringify(location.state)}`}</p>
      <button type="button" onClick={() => setReady(true)}>
        Ready
      </button>
    </>
  );
}

function renderAt(state: unknown, send = vi.fn(async () => true)) {
  const { router, withRouter } = testRouter({ pathname: '/home/c/c1', state });
  render(
    withRouter(
      <Routes>
        <Route path="/home/c?/:conversationId?" element={<Chat send={send} />} />
      </Routes>,
    ),
  );
  return { send, router };
}

describe('useHandedOverMessage', () => {
  it('sends the handed-over message once the chat is ready, once, and clears it from the history entry', async () => {
    const { send, router } = renderAt(handOver('Explain this'));
    expect(send).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Ready' }).click();
    await screen.findByText('state: null');
    expect(send).toHaveBeenCalledExactlyOnceWith('Explain this');
    expect(router.state.location.pathname).toBe('/home/c/c1');
  });

  it('sends nothing without a message', async () => {
    const { send } = renderAt({ other: 1 });
    screen.getByRole('button', { name: 'Ready' }).click();
    await screen.findByText('state: {"other":1}');
    expect(send).not.toHaveBeenCalled();
  });
});
