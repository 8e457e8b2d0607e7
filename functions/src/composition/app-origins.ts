import { SSMClient } from '@aws-sdk/client-ssm';
import { createAppOrigins } from '../adapters/ssm/app-origins.js';
import { env } from './root.js';

let origins: (() => Promise<readonly string[]>) | undefined;

/** Where checkout returns and invitation links may point: the deployed app first (see the adapter). */
export function appOrigins(): Promise<readonly string[]> {
  origins ??= createAppOrigins({
    client: new SSMClient({ region: env.AWS_REGION }),
    parameterName: env.APP_ORIGIN_PARAMETER,
    fixed: env.APP_ORIGINS,
  });
  return origins();
}
