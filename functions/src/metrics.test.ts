import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitMetrics, METRIC } from './metrics.js';

afterEach(() => vi.unstubAllEnvs());

function emitted(values: Parameters<typeof emitMetrics>[0]): unknown[] {
  const lines: string[] = [];
  emitMetrics(values, (line) => lines.push(line));
  return lines.map((line) => {
    expect(line.endsWith('\n')).toBe(true);
    return JSON.parse(line);
  });
}

describe('metrics', () => {
  it('are one Embedded Metric Format line per record, in the AgentForge namespace by stage', () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'stream-fn');
    vi.stubEnv('STAGE', 'prod');
    const [record] = emitted({
      [METRIC.firstTokenLatency]: { value: 420, unit: 'Milliseconds' },
      [METRIC.streamErrors]: { value: 0, unit: 'Count' },
    });
    expect(record).toEqual({
      _aws: {
        Timestamp: expect.any(Number),
        CloudWatchMetrics: [
          {
            Namespace: 'AgentForge',
            Dimensions: [['Stage']],
            Metrics: [
              { Name: 'FirstTokenLatency', Unit: 'Milliseconds' },
              { Name: 'StreamErrors', Unit: 'Count' },
            ],
          },
        ],
      },
      Stage: 'prod',
      function: 'stream-fn',
      FirstTokenLatency: 420,
      StreamErrors: 0,
    });
  });

  it('write nothing outside Lambda (local stack, tests) or when there is nothing to record', () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', undefined);
    expect(emitted({ [METRIC.runningServers]: { value: 3, unit: 'Count' } })).toEqual([]);
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'reaper');
    expect(emitted({})).toEqual([]);
  });
});
