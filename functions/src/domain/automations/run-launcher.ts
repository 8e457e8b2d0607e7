import type { AutomationRunEvent } from './run-event.js';

/** Starts the runner with an event, without waiting for the run (Lambda's asynchronous invocation). */
export interface AutomationRunLauncher {
  launch(event: AutomationRunEvent): Promise<void>;
}
