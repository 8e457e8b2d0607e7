import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CustomerLookup } from '../../domain/billing/ports.js';

/** The Stripe customer id of a user's billing record, by key only (the overage reporter's read). */
export function createBillingCustomers(db: DynamoDBDocumentClient, tableName: string): CustomerLookup {
  return {
    async customerOf(userId) {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: { userId }, ProjectionExpression: 'stripeCustomerId' }),
      );
      return typeof Item?.stripeCustomerId === 'string' ? Item.stripeCustomerId : undefined;
    },
  };
}
