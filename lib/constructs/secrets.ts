import { type CfnResource, RemovalPolicy } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { type IKey, Key } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

/** CloudFormation logical id of the key, pinned: replacing it would make every stored secret unreadable. */
export const SECRETS_KEY_LOGICAL_ID = 'SecretsKey';

/** The environment variable that tells a function which key encrypts secrets (functions/src/env.ts). */
export const SECRETS_KEY_ENV_VAR = 'SECRETS_KMS_KEY_ID';

/**
 * The KMS key that encrypts secrets at rest: provider API keys, GitHub tokens, MCP env values.
 * Symmetric, rotated yearly by KMS, retained with the stack's data.
 */
export class Secrets extends Construct {
  readonly key: IKey;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const key = new Key(this, 'Key', {
      description: 'AgentForge secrets at rest (provider API keys, GitHub tokens, MCP env values)',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    (key.node.defaultChild as CfnResource).overrideLogicalId(SECRETS_KEY_LOGICAL_ID);
    this.key = key;
  }

  /** Lets a function encrypt and decrypt secrets (only those two actions) and tells it the key. */
  grantEncryptDecrypt(fn: LambdaFunction): void {
    this.key.grant(fn as IGrantable, 'kms:Encrypt', 'kms:Decrypt');
    fn.addEnvironment(SECRETS_KEY_ENV_VAR, this.key.keyArn);
  }

  /** For a function that only reads secrets (e.g. the chat stream using a stored API key). */
  grantDecrypt(fn: LambdaFunction): void {
    this.key.grant(fn as IGrantable, 'kms:Decrypt');
    fn.addEnvironment(SECRETS_KEY_ENV_VAR, this.key.keyArn);
  }
}
