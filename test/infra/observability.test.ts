import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { METRIC } from '../../functions/src/metrics';
import { API_STAGE_NAME } from '../../lib/constructs/api';
import { parseStageConfig } from '../../lib/stage-config';
import { synthStack, testStageConfig } from './synth';

interface Resource {
  Type: string;
  Properties?: Record<string, unknown>;
  DependsOn?: string[];
}

let template: Template;
let apiTemplate: Template;
let resources: Record<string, Resource>;
let apiResources: Record<string, Resource>;

beforeAll(() => {
  ({ template, apiTemplate } = synthStack({
    config: parseStageConfig({
      ...testStageConfig,
      monitoring: 'full',
      alarmEmail: 'ops@example.com',
      runningServersAlarmThreshold: 7,
    }),
  }));
  resources = (template.toJSON() as { Resources: Record<string, Resource> }).Resources;
  apiResources = (apiTemplate.toJSON() as { Resources: Record<string, Resource> }).Resources;
}, 120_000);

/** The resources of a type, of the stage stack or of the API's nested stack (`apiResources`). */
const ofType = (type: string, of = resources) =>
  Object.entries(of).filter(([, resource]) => resource.Type === type);

describe('logs', () => {
  it('every log group has a retention, the API’s nested stack’s too', () => {
    const groups = [...ofType('AWS::Logs::LogGroup'), ...ofType('AWS::Logs::LogGroup', apiResources)];
    expect(groups.length).toBeGreaterThan(10);
    for (const [id, group] of groups) expect(group.Properties?.RetentionInDays, id).toBeGreaterThan(0);
  });

  it('every function, CDK’s custom-resource providers included, logs to a group of its own with a retention', () => {
    const functions = ofType('AWS::Lambda::Function');
    // The product's functions, BucketDeployment's, S3 auto-delete's and the VPC default security group's.
    expect(functions.map(([id]) => id)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^CustomCDKBucketDeployment/),
        expect.stringMatching(/^CustomS3AutoDeleteObjects/),
        expect.stringMatching(/^CustomVpcRestrictDefaultSG/),
      ]),
    );
    for (const [id, fn] of functions) {
      const group = (fn.Properties?.LoggingConfig as { LogGroup?: { Ref?: string } } | undefined)?.LogGroup
        ?.Ref;
      expect(group, `${id} has no log group of its own`).toBeDefined();
      expect(resources[group as string]?.Type, id).toBe('AWS::Logs::LogGroup');
    }
  });

  it('API Gateway’s execution logs go to a group made first, with a retention', () => {
    const restApi = ofType('AWS::ApiGateway::RestApi', apiResources)[0]?.[0] as string;
    const [groupId] = Object.keys(
      apiTemplate.findResources('AWS::Logs::LogGroup', {
        Properties: {
          LogGroupName: {
            'Fn::Join': ['', ['API-Gateway-Execution-Logs_', { Ref: restApi }, `/${API_STAGE_NAME}`]],
          },
          RetentionInDays: Match.anyValue(),
        },
      }),
    );
    expect(groupId).toBeDefined();
    const [, stage] = ofType('AWS::ApiGateway::Stage', apiResources)[0] as [string, Resource];
    expect(stage.DependsOn).toContain(groupId);
  });

  it('CloudFront and every bucket log access to the access-log bucket', () => {
    const logs = Object.keys(
      template.findResources('AWS::S3::Bucket', {
        Properties: { OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] } },
      }),
    );
    expect(logs).toHaveLength(1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Logging: { Bucket: { 'Fn::GetAtt': [logs[0], 'RegionalDomainName'] }, Prefix: 'cloudfront/' },
      }),
    });
    for (const [id, bucket] of ofType('AWS::S3::Bucket')) {
      // The access-log bucket itself, and the per-run env files (one object per run, deleted on stop).
      if (id === logs[0] || id.startsWith('McpRuntimeEnvFiles')) continue;
      expect(bucket.Properties?.LoggingConfiguration, id).toMatchObject({
        DestinationBucketName: { Ref: logs[0] },
      });
    }
  });

  it('the MCP task subnets’ VPC records all its traffic in flow logs', () => {
    const vpc = ofType('AWS::EC2::VPC')[0]?.[0];
    template.hasResourceProperties('AWS::EC2::FlowLog', {
      ResourceId: { Ref: vpc },
      ResourceType: 'VPC',
      TrafficType: 'ALL',
      LogDestinationType: 'cloud-watch-logs',
    });
  });
});

describe('the product’s metrics', () => {
  const productAlarm = (metric: string) =>
    template.findResources('AWS::CloudWatch::Alarm', {
      Properties: {
        Namespace: 'AgentForge',
        MetricName: metric,
        Dimensions: [{ Name: 'Stage', Value: 'test' }],
      },
    });

  it('alarm on failed streams and on running MCP servers past the stage’s threshold', () => {
    expect(Object.values(productAlarm(METRIC.streamErrors))).toEqual([
      expect.objectContaining({ Properties: expect.objectContaining({ Statistic: 'Sum', Threshold: 5 }) }),
    ]);
    expect(Object.values(productAlarm(METRIC.runningServers))).toEqual([
      expect.objectContaining({
        Properties: expect.objectContaining({ Statistic: 'Maximum', Threshold: 7 }),
      }),
    ]);
    expect(Object.values(productAlarm(METRIC.auditWriteFailures))).toEqual([
      expect.objectContaining({ Properties: expect.objectContaining({ Statistic: 'Sum', Threshold: 1 }) }),
    ]);
  });

  it('are on the stage’s dashboard: first token, duration, tokens, failures, running servers', () => {
    const dashboards = ofType('AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]?.[1].Properties?.DashboardBody);
    for (const name of Object.values(METRIC)) expect(body).toContain(name);
    expect(body).toContain('p99');
    template.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'agentforge-test' });
  });
});

describe('the API’s metrics', () => {
  it('are the stage’s own: the API is named after it (API Gateway’s metrics are per API name)', () => {
    apiTemplate.hasResourceProperties('AWS::ApiGateway::RestApi', { Name: 'agentforge-test' });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/ApiGateway',
      Dimensions: [{ Name: 'ApiName', Value: 'agentforge-test' }],
    });
  });
});
