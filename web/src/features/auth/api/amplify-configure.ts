import type { RuntimeConfig } from '@agentforge/shared';
import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import { buildAmplifyConfig } from '../../../config/amplify-config';

/**
 * Configures Amplify from the runtime configuration; loaded lazily with the rest of it. Amplify
 * warns on every configure that names an identity endpoint ("You are using a custom Amazon Cognito
 * User Pool endpoint"): the local stack always does, by design, so that line came with every page
 * load. It is left out (Amplify's logging is back as it was right after), nothing else is.
 */
export function configureAmplify(config: RuntimeConfig): void {
  const level = ConsoleLogger.LOG_LEVEL;
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    Amplify.configure(buildAmplifyConfig(config, window.location.origin));
  } finally {
    ConsoleLogger.LOG_LEVEL = level;
  }
}
