import { readFileSync } from 'node:fs';
import { createClientProviderMerge } from '../adapters/cognito/client-provider-merge.js';
import { env, required } from './root.js';

let merge: ReturnType<typeof createClientProviderMerge> | undefined;
/** The deploy's custom resource: the teams' identity providers back on the web client. */
export function clientProviderMerge() {
  const pool = {
    userPoolId: required('USER_POOL_ID'),
    client: { id: required('USER_POOL_CLIENT_ID') },
    region: env.AWS_REGION,
  };
  merge ??=
    env.RUNTIME === 'local'
      ? createClientProviderMerge({
          ...pool,
          endpoint: required('LOCAL_COGNITO_ENDPOINT'),
          credentials: JSON.parse(readFileSync(required('LOCAL_COGNITO_ADMIN_CREDENTIALS_FILE'), 'utf8')) as {
            accessKeyId: string;
            secretAccessKey: string;
          },
        })
      : createClientProviderMerge(pool);
  return merge;
}
