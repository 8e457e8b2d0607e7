import { type CfnResource, RemovalPolicy } from 'aws-cdk-lib';
import {
  type Attribute,
  AttributeType,
  Billing,
  type ITableV2,
  StreamViewType,
  TableEncryptionV2,
  TableV2,
} from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import {
  type KeyAttribute,
  MESSAGE_LEASE_INDEX,
  TABLE_DEFINITIONS,
  type TableDefinition,
  type TableId,
  tableEnvVar,
} from '../../functions/src/adapters/dynamodb/table-definitions';

/** CloudFormation logical id of a table, pinned so moving the construct never replaces the data. */
export function tableLogicalId(id: TableId): string {
  return `${id.charAt(0).toUpperCase()}${id.slice(1)}Table`;
}

function toAttribute(key: KeyAttribute): Attribute {
  return { name: key.name, type: key.type === 'N' ? AttributeType.NUMBER : AttributeType.STRING };
}

/** The DynamoDB tables, one per TABLE_DEFINITIONS entry: on demand, PITR, encrypted, retained. */
export class Data extends Construct {
  readonly tables: Readonly<Record<TableId, ITableV2>>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const tables: Partial<Record<TableId, ITableV2>> = {};
    for (const definition of TABLE_DEFINITIONS) {
      tables[definition.id] = this.createTable(definition);
    }
    this.tables = tables as Record<TableId, ITableV2>;
  }

  /** Tells a function the name of every table (`TABLE_<ID>`): functions/src/env.ts requires them all. */
  addTableNames(fn: LambdaFunction): void {
    for (const { id } of TABLE_DEFINITIONS) {
      fn.addEnvironment(tableEnvVar(id), this.tables[id].tableName);
    }
  }

  /** Lets a function read and write the given tables and tells it their names (`TABLE_<ID>`). */
  grantReadWrite(fn: LambdaFunction, ...ids: readonly TableId[]): void {
    for (const id of ids) {
      const table = this.tables[id];
      table.grantReadWriteData(fn);
      fn.addEnvironment(tableEnvVar(id), table.tableName);
    }
  }

  /**
   * Lets a function read and write items of the given tables and their indexes (no scans, streams
   * or table management) in one statement: what grantReadWrite gives, in a fraction of the policy
   * size, for roles near IAM's inline-policy limit (the stream functions). Also names the tables.
   */
  grantItemReadWrite(fn: LambdaFunction, ...ids: readonly TableId[]): void {
    const indexed = new Set(
      TABLE_DEFINITIONS.filter((table) => table.globalIndexes?.length).map((t) => t.id),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
          'dynamodb:BatchWriteItem',
          'dynamodb:ConditionCheckItem',
        ],
        resources: ids.flatMap((id) => {
          const arn = this.tables[id].tableArn;
          return indexed.has(id) ? [arn, `${arn}/index/*`] : [arn];
        }),
      }),
    );
    for (const id of ids) fn.addEnvironment(tableEnvVar(id), this.tables[id].tableName);
  }

  /**
   * Lets a function get items of the given tables, by key only (no index, no query): one small
   * statement, as a role's inline policy has a size limit. BatchGetItem too: gets asked side by
   * side go as one (adapters/dynamodb/get-batcher.ts).
   */
  grantGetItem(fn: LambdaFunction, ...ids: readonly TableId[]): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
        resources: ids.map((id) => this.tables[id].tableArn),
      }),
    );
  }

  /**
   * Lets a function update items of the users table, by key only (UpdateItem, no read, put or
   * delete): the teams function admits a waitlisted invitee who accepts a team's invitation.
   */
  grantUserAdmission(fn: LambdaFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['dynamodb:UpdateItem'], resources: [this.tables.users.tableArn] }),
    );
  }

  /**
   * Lets a function get and update items of the billing table by key (no put, delete or query): the
   * users function writes the caller's stream pass (`stream-access#<userId>`) when the user check
   * finds them let in, and keeps the caller's memory (`memory#<userId>`: its switch and facts).
   */
  grantUserBillingItems(fn: LambdaFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem'],
        resources: [this.tables.billing.tableArn],
      }),
    );
  }

  /**
   * Lets a function append to the audit log: read a chain's head (Query) and put a new record
   * (PutItem; the code's condition keeps it from overwriting). No UpdateItem, DeleteItem or
   * BatchWriteItem: records are never changed by the product (TTL expiry is DynamoDB's own).
   */
  grantAuditWrite(fn: LambdaFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query', 'dynamodb:PutItem'],
        resources: [this.tables.audit.tableArn],
      }),
    );
  }

  /**
   * Lets a function end the replies whose writer died (the reply sweep, run by the reaper): Query
   * the messages' lease index and UpdateItem a message (a conditional claim), and GetItem and
   * PutItem (conditional on its version) the plan whose step such a reply ran, to mark the step
   * interrupted. No other read, no delete. Also names the tables.
   */
  grantReplySweep(fn: LambdaFunction): void {
    const { tableArn } = this.tables.messages;
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [`${tableArn}/index/${MESSAGE_LEASE_INDEX}`],
      }),
    );
    fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:UpdateItem'], resources: [tableArn] }));
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem'],
        resources: [this.tables.agentPlans.tableArn],
      }),
    );
    fn.addEnvironment(tableEnvVar('messages'), this.tables.messages.tableName);
    fn.addEnvironment(tableEnvVar('agentPlans'), this.tables.agentPlans.tableName);
  }

  /** Lets a function read the audit log (Query only: GET /audit and its export). */
  grantAuditRead(fn: LambdaFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['dynamodb:Query'], resources: [this.tables.audit.tableArn] }),
    );
  }

  private createTable(definition: TableDefinition): TableV2 {
    const table = new TableV2(this, tableLogicalId(definition.id), {
      partitionKey: toAttribute(definition.partitionKey),
      sortKey: definition.sortKey && toAttribute(definition.sortKey),
      globalSecondaryIndexes: definition.globalIndexes?.map((index) => ({
        indexName: index.indexName,
        partitionKey: toAttribute(index.partitionKey),
        sortKey: index.sortKey && toAttribute(index.sortKey),
      })),
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryptionV2.awsManagedKey(),
      removalPolicy: RemovalPolicy.RETAIN,
      ...(definition.timeToLiveAttribute ? { timeToLiveAttribute: definition.timeToLiveAttribute } : {}),
      ...(definition.stream === 'newImage' ? { dynamoStream: StreamViewType.NEW_IMAGE } : {}),
    });
    (table.node.defaultChild as CfnResource).overrideLogicalId(tableLogicalId(definition.id));
    return table;
  }
}
