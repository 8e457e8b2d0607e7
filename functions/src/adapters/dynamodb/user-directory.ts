import { type DynamoDBDocumentClient, paginateScan } from '@aws-sdk/lib-dynamodb';
import { type UserRecord, userRecordSchema } from '../../domain/users/user.js';

/**
 * Operator tools only (the admin CLI, with the operator's credentials; no function uses it): finds
 * users by e-mail with a Scan, the users table having no index by e-mail. Fine for an occasional
 * admission; a busy waitlist would want a GSI on `email`.
 */
export function createUserDirectory(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async findByEmail(email: string): Promise<UserRecord[]> {
      const wanted = email.toLowerCase();
      const found: UserRecord[] = [];
      for await (const page of paginateScan({ client: db }, { TableName: tableName })) {
        for (const item of page.Items ?? []) {
          if (String(item.email ?? '').toLowerCase() === wanted) found.push(userRecordSchema.parse(item));
        }
      }
      return found;
    },
  };
}
