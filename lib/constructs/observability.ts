import { Duration } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { METRIC, METRICS_DIMENSION, METRICS_NAMESPACE } from '../../functions/src/metrics';

/** One of the product's own metrics (EMF lines of functions/src/metrics.ts) for a stage. */
export function productMetric(
  stage: string,
  name: (typeof METRIC)[keyof typeof METRIC],
  statistic: string,
  period = Duration.minutes(5),
): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { [METRICS_DIMENSION]: stage },
    statistic,
    period,
  });
}

export interface OperationsDashboardProps {
  readonly stage: string;
  /** The functions whose errors, throttles and duration are shown, by a short name. */
  readonly functions: Readonly<Record<string, IFunction>>;
  readonly restApi: RestApi;
}

/** One CloudWatch dashboard per stage: streams, tokens, MCP servers, functions and the API. */
export class OperationsDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    const metric = (name: (typeof METRIC)[keyof typeof METRIC], statistic: string, label?: string) =>
      productMetric(props.stage, name, statistic).with({ label: label ?? `${name} ${statistic}` });
    const graph = (title: string, left: IMetric[], right: IMetric[] = []) =>
      new GraphWidget({ title, left, right, width: 12, height: 6 });
    // Math ids are per graph: each sum gets its own prefix.
    const sumOver = (label: string, prefix: string, metrics: IMetric[]) =>
      new MathExpression({
        label,
        expression: metrics.map((_, i) => `${prefix}${i}`).join(' + ') || '0',
        usingMetrics: Object.fromEntries(metrics.map((m, i) => [`${prefix}${i}`, m])),
        period: Duration.minutes(5),
      });
    const functions = Object.values(props.functions);
    const fiveMinutes = { period: Duration.minutes(5), statistic: 'Sum' };

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `agentforge-${props.stage}`,
      defaultInterval: Duration.hours(3),
    });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# AgentForge ${props.stage}\nStreams (chat replies, agent plans and steps), tokens, MCP servers, functions, API.`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      graph('Time to first token (ms)', [
        metric(METRIC.firstTokenLatency, 'p50'),
        metric(METRIC.firstTokenLatency, 'p90'),
        metric(METRIC.firstTokenLatency, 'p99'),
      ]),
      graph(
        'Stream duration (ms) and streams',
        [metric(METRIC.streamDuration, 'p50'), metric(METRIC.streamDuration, 'p99')],
        [metric(METRIC.streamDuration, 'SampleCount', 'streams')],
      ),
    );
    this.dashboard.addWidgets(
      graph('Tokens', [
        metric(METRIC.inputTokens, 'Sum', 'input'),
        metric(METRIC.outputTokens, 'Sum', 'output'),
      ]),
      graph('Failed streams', [metric(METRIC.streamErrors, 'Sum', 'failed streams')]),
    );
    this.dashboard.addWidgets(
      graph('Running MCP servers', [metric(METRIC.runningServers, 'Maximum', 'running')]),
      graph('Audit records not written', [metric(METRIC.auditWriteFailures, 'Sum', 'lost audit records')]),
      graph(
        'API',
        [
          props.restApi.metricServerError(fiveMinutes).with({ label: '5xx' }),
          props.restApi.metricClientError(fiveMinutes).with({ label: '4xx' }),
        ],
        [
          props.restApi
            .metricLatency({ period: Duration.minutes(5), statistic: 'p90' })
            .with({ label: 'latency p90' }),
        ],
      ),
    );
    this.dashboard.addWidgets(
      graph('Function errors and throttles (all functions)', [
        sumOver(
          'errors',
          'e',
          functions.map((fn) => fn.metricErrors(fiveMinutes)),
        ),
        sumOver(
          'throttles',
          't',
          functions.map((fn) => fn.metricThrottles(fiveMinutes)),
        ),
      ]),
      graph(
        'Function duration p90 (ms)',
        Object.entries(props.functions).map(([name, fn]) =>
          fn.metricDuration({ period: Duration.minutes(5), statistic: 'p90' }).with({ label: name }),
        ),
      ),
    );
  }
}
