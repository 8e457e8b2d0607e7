import { readFileSync } from 'node:fs';
import { createProviderLinks } from '../adapters/cognito/provider-links.js';
import { env, required } from './root.js';

let links: ReturnType<typeof createProviderLinks> | undefined;
/** The pre-sign-up trigger's provider links; locally the identity service with its admin credentials. */
export function providerLinks() {
  links ??=
    env.RUNTIME === 'local'
      ? createProviderLinks({
          region: env.AWS_REGION,
          endpoint: required('LOCAL_COGNITO_ENDPOINT'),
          credentials: JSON.parse(readFileSync(required('LOCAL_COGNITO_ADMIN_CREDENTIALS_FILE'), 'utf8')) as {
            accessKeyId: string;
            secretAccessKey: string;
          },
        })
      : createProviderLinks({ region: env.AWS_REGION });
  return links;
}
