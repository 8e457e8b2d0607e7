/**
 * CloudWatch metrics as Embedded Metric Format (EMF) lines: one JSON line on stdout per record,
 * which CloudWatch Logs turns into metrics, no API call and no IAM grant (what Powertools Metrics
 * does; its package is not a dependency). Namespace `AgentForge`, one dimension, the stage, so each
 * metric is one custom metric per stage. Written only inside Lambda (`AWS_LAMBDA_FUNCTION_NAME`):
 * the local stack and tests print nothing.
 *
 * The names are shared with the CDK app (alarms and the dashboard in lib/constructs/guardrails.ts).
 */
export const METRICS_NAMESPACE = 'AgentForge';
export const METRICS_DIMENSION = 'Stage';

export const METRIC = {
  /** From the stream's request to the first text delta the user sees (ms). */
  firstTokenLatency: 'FirstTokenLatency',
  /** From the stream's request to its last event (ms). */
  streamDuration: 'StreamDuration',
  /** 1 for a stream that ended with an `error` event or failed, 0 otherwise. */
  streamErrors: 'StreamErrors',
  /** Model tokens of one reply (chat reply or agent step). */
  inputTokens: 'InputTokens',
  outputTokens: 'OutputTokens',
  /** MCP servers with a run after the reaper's pass. */
  runningServers: 'RunningServers',
  /** Audit records that could not be written (the action went ahead: fail open, docs/decisions/audit.md). */
  auditWriteFailures: 'AuditWriteFailures',
} as const;

type MetricName = (typeof METRIC)[keyof typeof METRIC];
type Unit = 'Milliseconds' | 'Count';

/** Writes one EMF line with these values (nothing outside Lambda). */
export function emitMetrics(
  values: Partial<Record<MetricName, { value: number; unit: Unit }>>,
  write: (line: string) => void = (line) => process.stdout.write(line),
): void {
  const functionName = process.env.AWS_LAMBDA_FUNCTION_NAME;
  const entries = Object.entries(values) as [MetricName, { value: number; unit: Unit }][];
  if (!functionName || entries.length === 0) return;
  const record = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [[METRICS_DIMENSION]],
          Metrics: entries.map(([name, { unit }]) => ({ Name: name, Unit: unit })),
        },
      ],
    },
    [METRICS_DIMENSION]: process.env.STAGE ?? 'unknown',
    function: functionName,
    ...Object.fromEntries(entries.map(([name, { value }]) => [name, value])),
  };
  write(`${JSON.stringify(record)}\n`);
}
