import type { APIGatewayProxyEvent, Context, DynamoDBStreamEvent } from 'aws-lambda';
import { accountDeletionJobs } from '../../composition/account.js';
import { createAreaRouter } from '../../http/area-router.js';
import { handler as deleteAccount } from './delete-account.js';
import { handler as deleteTeam } from './delete-team.js';
import { handler as getDeletion } from './get-deletion.js';
import { deletionJobsOf } from './job-events.js';

const router = createAreaRouter('account', { deleteAccount, deleteTeam, getDeletion });

/**
 * The account API, and its deletion jobs: the billing table's stream invokes this function with
 * the jobs written `queued` (one at a time). A failure is thrown, so Lambda retries the batch.
 */
export async function handler(event: APIGatewayProxyEvent | DynamoDBStreamEvent, context: Context) {
  if ('Records' in event) {
    for (const userId of deletionJobsOf(event)) await accountDeletionJobs().run(userId);
    return;
  }
  return router(event, context);
}
