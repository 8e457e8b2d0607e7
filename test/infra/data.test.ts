import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TABLE_DEFINITIONS,
  type TableDefinition,
} from '../../functions/src/adapters/dynamodb/table-definitions';
import { Data, tableLogicalId } from '../../lib/constructs/data';
import { expectResource, testApp } from './synth';

let template: Template;

beforeAll(() => {
  const stack = new Stack(testApp(), 'DataTest', { env: { region: 'us-east-1', account: '123456789012' } });
  new Data(stack, 'Data');
  template = Template.fromStack(stack);
}, 120_000);

function keySchema(definition: Pick<TableDefinition, 'partitionKey' | 'sortKey'>) {
  return [
    { AttributeName: definition.partitionKey.name, KeyType: 'HASH' },
    ...(definition.sortKey ? [{ AttributeName: definition.sortKey.name, KeyType: 'RANGE' }] : []),
  ];
}

describe('the data construct', () => {
  it('creates one table per table definition', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', TABLE_DEFINITIONS.length);
  });

  it.each(TABLE_DEFINITIONS)(
    'gives the $id table a stable logical id and the keys of its definition',
    (definition) => {
      expectResource(template, tableLogicalId(definition.id), {
        Type: 'AWS::DynamoDB::GlobalTable',
        Properties: { KeySchema: Match.exact(keySchema(definition)), TableName: Match.absent() },
      });
    },
  );

  it.each(
    TABLE_DEFINITIONS.flatMap((table) =>
      (table.globalIndexes ?? []).map((index) => ({ table: table.id, index })),
    ),
  )('indexes the $table table by $index.indexName', ({ table, index }) => {
    expectResource(template, tableLogicalId(table), {
      Properties: {
        GlobalSecondaryIndexes: Match.arrayWith([
          Match.objectLike({ IndexName: index.indexName, KeySchema: Match.exact(keySchema(index)) }),
        ]),
      },
    });
  });

  it('bills every table on demand, with point-in-time recovery and server-side encryption', () => {
    const tables = template.findResources('AWS::DynamoDB::GlobalTable', {
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        SSESpecification: { SSEEnabled: true },
        Replicas: [
          Match.objectLike({
            Region: 'us-east-1',
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      },
    });
    expect(Object.keys(tables)).toHaveLength(TABLE_DEFINITIONS.length);
  });

  it('retains every table when the stack is deleted or the table replaced', () => {
    const retained = template.findResources('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    expect(Object.keys(retained)).toHaveLength(TABLE_DEFINITIONS.length);
  });

  it('expires audit records with DynamoDB’s TTL on expiresAt (the readers filter them before)', () => {
    expectResource(template, tableLogicalId('audit'), {
      Properties: {
        KeySchema: [
          { AttributeName: 'scope', KeyType: 'HASH' },
          { AttributeName: 'seq', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayWith([{ AttributeName: 'seq', AttributeType: 'N' }]),
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      },
    });
  });

  it('expires a deleted account’s tombstones (users, billing) with DynamoDB’s TTL on expiresAt', () => {
    for (const id of ['users', 'billing'] as const) {
      expectResource(template, tableLogicalId(id), {
        Properties: { TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true } },
      });
    }
  });
});
