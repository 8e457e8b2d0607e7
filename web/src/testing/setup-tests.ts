import { notifyManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../lib/zod-locale';

// Route modules are lazy: their first import (e.g. /home with chat, servers and settings) can take
// over a second on a loaded 2-core CI machine, past Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// Query tells its observers on a 0 ms timer, which fake timers hold back; a microtask lets
// `await act(...)` see a finished fetch or mutation as the browser would a moment later.
notifyManager.setScheduler(queueMicrotask);
