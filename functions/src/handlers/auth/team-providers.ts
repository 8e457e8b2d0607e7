import middy from '@middy/core';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { clientProviderMerge } from '../../composition/client-providers.js';
import { logger, withRequestContext } from '../../logger.js';

/**
 * The custom resource that keeps teams' single sign-on through a deploy (CDK's Provider framework
 * calls it): on its creation and on every update (its properties are the web client's, so it
 * updates whenever CloudFormation updated the client and reset its SupportedIdentityProviders to
 * the stack's list), every team provider of the pool goes back on the client. Deleting it
 * changes nothing.
 */
export const handler = middy<CloudFormationCustomResourceEvent, { PhysicalResourceId: string }>()
  .use(withRequestContext())
  .handler(async (event) => {
    if (event.RequestType !== 'Delete') {
      const restored = await clientProviderMerge().restoreTeamProviders();
      logger.info('Team identity providers on the web client', { count: restored.length });
    }
    return { PhysicalResourceId: 'team-identity-providers' };
  });
