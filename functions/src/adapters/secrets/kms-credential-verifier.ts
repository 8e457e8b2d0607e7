import { type KMSClient, KMSInvalidMacException, VerifyMacCommand } from '@aws-sdk/client-kms';
import type { VerifyMac } from '../../domain/mcp/gateway-credential.js';

/**
 * AWS: checks a gateway credential's MAC with the KMS HMAC key (GATEWAY_CREDENTIAL_KEY_ID). The
 * gateway's only grant on it is VerifyMac (through the VPC's KMS endpoint).
 */
export function createKmsCredentialVerifier({
  client,
  keyId,
}: {
  client: KMSClient;
  keyId: string | undefined;
}): VerifyMac {
  return async (message, mac) => {
    if (!keyId) throw new Error('GATEWAY_CREDENTIAL_KEY_ID is not set for this function');
    try {
      const { MacValid } = await client.send(
        new VerifyMacCommand({ KeyId: keyId, MacAlgorithm: 'HMAC_SHA_256', Message: message, Mac: mac }),
      );
      return MacValid === true;
    } catch (error) {
      // KMS answers a MAC that does not match with this error, not with MacValid false.
      if (error instanceof KMSInvalidMacException) return false;
      throw error;
    }
  };
}
