import { describe, expect, it } from 'vitest';
import { ProviderError } from '../models/model-provider.js';
import { STEP_STOPPED } from './plan-rules.js';
import { stepErrorOf } from './step-stream.js';

describe('the step stream', () => {
  it("records a step's outcome as the plan shows it: no error when complete or interrupted (to retry)", () => {
    expect(stepErrorOf({ kind: 'complete' })).toBeUndefined();
    expect(stepErrorOf({ kind: 'interrupted' })).toBeUndefined();
    expect(stepErrorOf({ kind: 'stopped' })).toBe(STEP_STOPPED);
    expect(stepErrorOf({ kind: 'too-long' })).toBe('The step’s output was longer than a message can hold.');
    expect(stepErrorOf({ kind: 'gone' })).toBe('This conversation was deleted.');
    expect(stepErrorOf({ kind: 'error', error: new ProviderError('auth', 'The key was rejected.') })).toBe(
      'The key was rejected.',
    );
  });
});
