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
import { env, required } from './root.js';

const localMac = () => createLocalCredentialMac({ keyFile: required('LOCAL_SECRETS_KEY_FILE') });
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
/** The MCP gateway's: checks them (KMS VerifyMac on AWS). */
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
