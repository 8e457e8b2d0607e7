import type { RuntimeConfig } from '@agentforge/shared';
import { Amplify } from 'aws-amplify';
import { buildAmplifyConfig } from '../../../config/amplify-config';

/** Configures Amplify from the runtime configuration; loaded lazily with the rest of it. */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure(buildAmplifyConfig(config, window.location.origin));
}
