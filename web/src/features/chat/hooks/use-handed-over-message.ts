import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Router state that hands the chat a message to send (the workspace's 'Send Code to Chat'). */
export type HandOverState = { sendMessage: string };

export const handOver = (message: string): HandOverState => ({ sendMessage: message });

function handedOver(state: unknown): string | null {
  const message = (state as Partial<HandOverState> | null)?.sendMessage;
  return typeof message === 'string' && message.trim() ? message : null;
}

/**
 * Sends a message another screen handed over in the router state, once the chat can send (a
 * model chosen, nothing in progress, the conversation's messages loaded), through the chat's
 * own send: it creates the conversation when none is open and streams the reply. The state is
 * cleared first, so a reload or going back never sends it again.
 */
export function useHandedOverMessage(send: (text: string) => Promise<boolean>, ready: boolean): void {
  const location = useLocation();
  const navigate = useNavigate();
  const message = handedOver(location.state);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!message || !ready || sent.current === location.key) return;
    sent.current = location.key;
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    void send(message);
  }, [message, ready, location, navigate, send]);
}
