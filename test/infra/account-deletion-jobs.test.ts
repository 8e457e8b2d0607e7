import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableLogicalId } from '../../lib/constructs/data';
import { synthStack } from './synth';

let template: Template;
let accountFn: string;
beforeAll(() => {
  ({ template } = synthStack());
  const found = Object.keys(
    template.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('^AgentForge account API') },
    }),
  );
  expect(found).toHaveLength(1);
  accountFn = found[0] as string;
});

describe('account deletion jobs on AWS', () => {
  it('run in the account function for as long as Lambda allows', () => {
    expect(template.toJSON().Resources[accountFn].Properties.Timeout).toBe(900);
  });

  it("start from the billing table's stream, only for job items written queued, one at a time, retried twice", () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    });
    // The DynamoDB stream mappings (the knowledge indexer's is an SQS queue's).
    const mappings = (
      Object.values(template.findResources('AWS::Lambda::EventSourceMapping')) as {
        Properties: Record<string, unknown>;
      }[]
    ).filter((mapping) => JSON.stringify(mapping.Properties.EventSourceArn).includes('StreamArn'));
    expect(mappings).toHaveLength(1);
    const [mapping] = mappings;
    if (!mapping) throw new Error('No event source mapping');
    expect(mapping.Properties).toMatchObject({
      FunctionName: { Ref: accountFn },
      EventSourceArn: { 'Fn::GetAtt': [tableLogicalId('billing'), 'StreamArn'] },
      BatchSize: 1,
      MaximumRetryAttempts: 2,
      StartingPosition: 'LATEST',
    });
    const filter = JSON.parse(
      (mapping.Properties.FilterCriteria as { Filters: { Pattern: string }[] }).Filters[0]?.Pattern ?? '{}',
    );
    expect(filter).toEqual({
      eventName: ['INSERT', 'MODIFY'],
      dynamodb: {
        NewImage: { userId: { S: [{ prefix: 'account-deletion#' }] }, state: { S: ['queued'] } },
      },
    });
  });
});
