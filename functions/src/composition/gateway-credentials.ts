import { KMSClient } from '@aws-sdk/client-kms';
import { createKmsCredentialMac } from '../adapters/secrets/kms-credential-mac.js';
import { createLocalCredentialMac } from '../adapters/secrets/local-credential-mac.js';
import { createGatewayCredentials, type GatewayCredentials } from '../domain/mcp/gateway-credential.js';
import { env, required } from './root.js';

let credentials: GatewayCredentials | undefined;
/**
 * The automation runner's credentials at the MCP gateway: minted by the runner, verified by the
 * gateway; KMS HMAC on AWS, the local secrets key's HMAC locally.
 */
export function gatewayCredentials(): GatewayCredentials {
  credentials ??= createGatewayCredentials({
    mac:
      env.RUNTIME === 'local'
        ? createLocalCredentialMac({ keyFile: required('LOCAL_SECRETS_KEY_FILE') })
        : createKmsCredentialMac({
            client: new KMSClient({ region: env.AWS_REGION }),
            keyId: env.GATEWAY_CREDENTIAL_KEY_ID,
          }),
    now: Date.now,
  });
  return credentials;
}
