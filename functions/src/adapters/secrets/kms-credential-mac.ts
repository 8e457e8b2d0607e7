import {
  GenerateMacCommand,
  type KMSClient,
  KMSInvalidMacException,
  VerifyMacCommand,
} from '@aws-sdk/client-kms';
import type { CredentialMac } from '../../domain/mcp/gateway-credential.js';

const ALGORITHM = 'HMAC_SHA_256';

/**
 * AWS: the gateway credential's MAC with a KMS HMAC key (GATEWAY_CREDENTIAL_KEY_ID): the key never
 * leaves KMS; the runner is granted GenerateMac only, the gateway VerifyMac only.
 */
export function createKmsCredentialMac({
  client,
  keyId,
}: {
  client: KMSClient;
  keyId: string | undefined;
}): CredentialMac {
  const requireKeyId = () => {
    if (!keyId) throw new Error('GATEWAY_CREDENTIAL_KEY_ID is not set for this function');
    return keyId;
  };
  return {
    async sign(message) {
      const { Mac } = await client.send(
        new GenerateMacCommand({ KeyId: requireKeyId(), MacAlgorithm: ALGORITHM, Message: message }),
      );
      if (!Mac) throw new Error('KMS returned no MAC');
      return Mac;
    },
    async verify(message, mac) {
      try {
        const { MacValid } = await client.send(
          new VerifyMacCommand({
            KeyId: requireKeyId(),
            MacAlgorithm: ALGORITHM,
            Message: message,
            Mac: mac,
          }),
        );
        return MacValid === true;
      } catch (error) {
        // KMS answers a MAC that does not match with this error, not with MacValid false.
        if (error instanceof KMSInvalidMacException) return false;
        throw error;
      }
    },
  };
}
