import { GenerateMacCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { SignMac } from '../../domain/mcp/gateway-credential.js';

/**
 * AWS: signs gateway credentials with the KMS HMAC key (GATEWAY_CREDENTIAL_KEY_ID), whose material
 * never leaves KMS. The runner's only grant on it is GenerateMac.
 */
export function createKmsCredentialSigner({
  client,
  keyId,
}: {
  client: KMSClient;
  keyId: string | undefined;
}): SignMac {
  return async (message) => {
    if (!keyId) throw new Error('GATEWAY_CREDENTIAL_KEY_ID is not set for this function');
    const { Mac } = await client.send(
      new GenerateMacCommand({ KeyId: keyId, MacAlgorithm: 'HMAC_SHA_256', Message: message }),
    );
    if (!Mac) throw new Error('KMS returned no MAC');
    return Mac;
  };
}
