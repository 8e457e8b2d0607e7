import { KMSClient } from '@aws-sdk/client-kms';
import { createKmsCredentialSigner } from '../adapters/secrets/kms-credential-signer.js';
import { createKmsCredentialVerifier } from '../adapters/secrets/kms-credential-verifier.js';
import { createLocalCredentialMac } from '../adapters/secrets/local-credential-mac.js';
import {
  type CredentialMinter,
  type CredentialVerifier,
  createCredentialMinter,
  createCredentialVerifier,
} from '../domain/mcp/gateway-credential.js';
import { parseBaseEnv } from '../env.js';

/**
 * Not root.js's environment: the automation authorizer reads no table, so it is neither told their
 * names nor bundles the DynamoDB client.
 */
const env = parseBaseEnv(process.env);
const localMac = () => {
  if (!env.LOCAL_SECRETS_KEY_FILE)
    throw new Error('Missing function environment variable LOCAL_SECRETS_KEY_FILE');
  return createLocalCredentialMac({ keyFile: env.LOCAL_SECRETS_KEY_FILE });
};
const kms = () => new KMSClient({ region: env.AWS_REGION });

let minter: CredentialMinter | undefined;
/** The automation runner's: mints its gateway credentials (KMS GenerateMac on AWS). */
export function gatewayCredentialMinter(): CredentialMinter {
  minter ??= createCredentialMinter({
    sign:
      env.RUNTIME === 'local'
        ? localMac().sign
        : createKmsCredentialSigner({ client: kms(), keyId: env.GATEWAY_CREDENTIAL_KEY_ID }),
    now: Date.now,
  });
  return minter;
}

let verifier: CredentialVerifier | undefined;
/** The automation authorizer's (API Gateway, outside the VPC): checks them (KMS VerifyMac on AWS). */
export function gatewayCredentialVerifier(): CredentialVerifier {
  verifier ??= createCredentialVerifier({
    verify:
      env.RUNTIME === 'local'
        ? localMac().verify
        : createKmsCredentialVerifier({ client: kms(), keyId: env.GATEWAY_CREDENTIAL_KEY_ID }),
    now: Date.now,
  });
  return verifier;
}
