import { Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnVectorBucket } from 'aws-cdk-lib/aws-s3vectors';
import { Construct } from 'constructs';

/** The environment variable naming the vector bucket (functions/src/env.ts). */
export const KNOWLEDGE_VECTOR_BUCKET_ENV = 'KNOWLEDGE_VECTOR_BUCKET';

/** The platform's embedding models the knowledge functions may invoke (adapters/embeddings). */
export const EMBEDDING_MODEL_IDS = [
  'amazon.titan-embed-text-v2:0',
  'cohere.embed-english-v3',
  'cohere.embed-multilingual-v3',
] as const;

/** What each use of the vectors needs (the adapter's calls; QueryVectors with a filter reads metadata). */
const ACTIONS = {
  write: ['s3vectors:CreateIndex', 's3vectors:PutVectors', 's3vectors:DeleteVectors'],
  read: ['s3vectors:QueryVectors', 's3vectors:GetVectors'],
  delete: ['s3vectors:DeleteVectors'],
} as const;

/**
 * Knowledge's vectors (issue 33): one S3 vector bucket for the stage (serverless, nothing to pay
 * when idle), SSE-S3, retained like the other user data. Its indexes, one per embedding model, are
 * made by the adapter on first use (an index's dimension is its model's), so they are not declared
 * here; the grants cover the bucket's indexes only.
 */
export class KnowledgeVectors extends Construct {
  readonly bucket: CfnVectorBucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new CfnVectorBucket(this, 'Bucket', {
      encryptionConfiguration: { sseType: 'AES256' },
    });
    this.bucket.applyRemovalPolicy(RemovalPolicy.RETAIN);
  }

  /** The bucket's name: its ARN ends in `bucket/<name>` (the resource has no name attribute). */
  get bucketName(): string {
    return Fn.select(1, Fn.split('/', this.bucket.attrVectorBucketArn));
  }

  /** The ARN pattern of the bucket's indexes. */
  get indexesArn(): string {
    return `${this.bucket.attrVectorBucketArn}/index/*`;
  }

  /**
   * Lets `fn` use the vectors (`read`: search; `write`: index and delete too) and the platform's
   * embedding models, and tells it the bucket's name. `delete`: only deletes vectors by key (an
   * account's or a team's deletion), embeds nothing.
   */
  grant(fn: LambdaFunction, access: 'read' | 'write' | 'delete'): void {
    const actions = access === 'write' ? [...ACTIONS.write, ...ACTIONS.read] : [...ACTIONS[access]];
    fn.addToRolePolicy(new PolicyStatement({ actions, resources: [this.indexesArn] }));
    fn.addEnvironment(KNOWLEDGE_VECTOR_BUCKET_ENV, this.bucketName);
    if (access === 'delete') return;
    const stack = Stack.of(this);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['bedrock:InvokeModel'],
        resources: EMBEDDING_MODEL_IDS.map((model) =>
          stack.formatArn({
            service: 'bedrock',
            account: '',
            resource: 'foundation-model',
            resourceName: model,
          }),
        ),
      }),
    );
  }
}
