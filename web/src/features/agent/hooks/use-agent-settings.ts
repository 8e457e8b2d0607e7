import { AGENT_MODES, type AgentMode } from '@agentforge/shared';
import { useCallback, useState } from 'react';

const modeKey = (conversationId: string) => `agentforge.mode.${conversationId}`;
const AUTO_RUN_KEY = 'agentforge.autoRunReadOnly';
/** The mode of the new chat (no conversation yet), in component state only. */
const NEW_CHAT = '';

/** Storage can be refused (private mode, a full quota): the choice is then kept for this page only. */
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Kept in component state.
  }
}

const session = () => sessionStorage;
const local = () => localStorage;

function storedMode(conversationId: string | null): AgentMode | undefined {
  if (!conversationId) return undefined;
  const value = read(session, modeKey(conversationId));
  return AGENT_MODES.find((mode) => mode === value);
}

/**
 * The mode tab of each chat: chosen per conversation and remembered for the browser tab
 * (sessionStorage), so a reload keeps it; a new chat starts in Direct Chat.
 */
export function useAgentMode(conversationId: string | null) {
  const [modes, setModes] = useState<Readonly<Record<string, AgentMode>>>({});
  const mode = modes[conversationId ?? NEW_CHAT] ?? storedMode(conversationId) ?? 'direct';

  /** Sets the mode of `id`'s chat (null: the new chat). */
  const setModeOf = useCallback((id: string | null, next: AgentMode) => {
    setModes((current) => ({ ...current, [id ?? NEW_CHAT]: next }));
    if (id) write(session, modeKey(id), next);
  }, []);
  const setMode = useCallback(
    (next: AgentMode) => setModeOf(conversationId, next),
    [conversationId, setModeOf],
  );
  return { mode, setMode, setModeOf };
}

/** 'Auto-run read-only steps' (off unless the user turned it on), remembered in localStorage. */
export function useAutoRunSetting() {
  const [autoRun, setState] = useState(() => read(local, AUTO_RUN_KEY) === 'true');
  const setAutoRun = useCallback((next: boolean) => {
    setState(next);
    write(local, AUTO_RUN_KEY, String(next));
  }, []);
  return { autoRun, setAutoRun };
}
