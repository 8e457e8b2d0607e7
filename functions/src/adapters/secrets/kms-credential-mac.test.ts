import { GenerateMacCommand, KMSClient, KMSInvalidMacException, VerifyMacCommand } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createKmsCredentialSigner } from './kms-credential-signer.js';
import { createKmsCredentialVerifier } from './kms-credential-verifier.js';

const kms = mockClient(KMSClient);
const keyId = 'arn:aws:kms:us-east-1:123456789012:key/mac';
const client = () => new KMSClient({ region: 'us-east-1' });
const sign = () => createKmsCredentialSigner({ client: client(), keyId });
const verify = () => createKmsCredentialVerifier({ client: client(), keyId });

beforeEach(() => kms.reset());

describe('the KMS credential MAC', () => {
  it('signs with GenerateMac (HMAC-SHA-256, the key) and checks with VerifyMac', async () => {
    kms.on(GenerateMacCommand).resolves({ Mac: Uint8Array.from([1, 2]) });
    kms.on(VerifyMacCommand).resolves({ MacValid: true });
    expect([...(await sign()(Buffer.from('m')))]).toEqual([1, 2]);
    expect(await verify()(Buffer.from('m'), Uint8Array.from([1, 2]))).toBe(true);
    for (const input of [
      kms.commandCalls(GenerateMacCommand)[0]?.args[0].input,
      kms.commandCalls(VerifyMacCommand)[0]?.args[0].input,
    ])
      expect(input).toMatchObject({ KeyId: keyId, MacAlgorithm: 'HMAC_SHA_256' });
  });

  it('answers false for a MAC KMS says does not match, and throws on other failures', async () => {
    kms
      .on(VerifyMacCommand)
      .rejectsOnce(new KMSInvalidMacException({ message: 'invalid', $metadata: {} }))
      .rejectsOnce(new Error('throttled'));
    expect(await verify()(Buffer.from('m'), Uint8Array.from([9]))).toBe(false);
    await expect(verify()(Buffer.from('m'), Uint8Array.from([9]))).rejects.toThrow('throttled');
  });
});
