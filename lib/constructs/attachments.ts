import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type IBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

/** The environment variable naming the bucket (functions/src/env.ts). */
export const ATTACHMENTS_BUCKET_ENV = 'ATTACHMENTS_BUCKET';
/** Every attachment's key starts here (`attachments/<userId>/<conversationId>/<attachmentId>`). */
export const ATTACHMENTS_PREFIX = 'attachments/';
/** Knowledge's objects: uploaded files (`knowledge/files/...`, the indexing trigger) and keyword indexes. */
export const KNOWLEDGE_PREFIX = 'knowledge/';
/** The headers a browser's presigned PUT sends besides the CORS-safelisted ones. */
export const ATTACHMENT_UPLOAD_HEADERS = ['content-type', 'x-amz-meta-filename'];

export interface AttachmentsProps {
  /**
   * The web app's origins (the distribution's URL, configured domains, the local dev server): the
   * only ones whose pages may PUT and GET through presigned URLs (CORS).
   */
  readonly appOrigins: readonly string[];
  /** Where the bucket's server access logs go. */
  readonly accessLogs: IBucket;
}

/**
 * Files attached to chat messages (issue 17): a private bucket the browser reaches only through
 * presigned URLs the API hands out (PUT of one exact type and size, short GETs). Block public
 * access, SSE-S3, TLS only, object ownership enforced, retained like the other user data.
 *
 * CORS is set by a custom resource after the distribution exists: as a bucket property the
 * distribution's origin would make the bucket depend on the distribution, which depends (through
 * the API and the stream URLs) on the functions that are told the bucket's name: a cycle.
 */
export class Attachments extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: AttachmentsProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: false,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'attachments-bucket/',
      // Presigned PUTs are single-part; a multipart upload started anyway is cleaned up.
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const cors = {
      service: 'S3',
      action: 'putBucketCors',
      parameters: {
        Bucket: this.bucket.bucketName,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [...props.appOrigins],
              AllowedMethods: ['PUT', 'GET', 'HEAD'],
              AllowedHeaders: ATTACHMENT_UPLOAD_HEADERS,
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 600,
            },
          ],
        },
      },
      physicalResourceId: PhysicalResourceId.of(`${id}-cors`),
    };
    new AwsCustomResource(this, 'Cors', {
      onCreate: cors,
      onUpdate: cors,
      installLatestAwsSdk: false,
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [this.bucket.bucketArn] }),
      ]),
    });
  }

  /**
   * The attachments route's function: presigns PUT and GET (the URL carries its role's
   * permission), checks objects (HEAD is s3:GetObject), lists and deletes a conversation's files.
   */
  grantManage(fn: LambdaFunction): void {
    fn.addEnvironment(ATTACHMENTS_BUCKET_ENV, this.bucket.bucketName);
    fn.addToRolePolicy(
      new PolicyStatement({
        sid: 'AttachmentObjects',
        actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
        resources: [this.bucket.arnForObjects(`${ATTACHMENTS_PREFIX}*`)],
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        sid: 'ListAttachments',
        actions: ['s3:ListBucket'],
        resources: [this.bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${ATTACHMENTS_PREFIX}*`] } },
      }),
    );
  }

  /**
   * The knowledge area's and the indexing function: presigned uploads of knowledge files, reading
   * them, writing and reading the keyword indexes, deleting a file's or a collection's objects.
   */
  grantKnowledge(fn: LambdaFunction): void {
    fn.addEnvironment(ATTACHMENTS_BUCKET_ENV, this.bucket.bucketName);
    fn.addToRolePolicy(
      new PolicyStatement({
        sid: 'KnowledgeObjects',
        actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
        resources: [this.bucket.arnForObjects(`${KNOWLEDGE_PREFIX}*`)],
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        sid: 'ListKnowledge',
        actions: ['s3:ListBucket'],
        resources: [this.bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${KNOWLEDGE_PREFIX}*`] } },
      }),
    );
  }

  /** A stream function: reads attachments for the model (GetObject, HEAD) and nothing else. */
  grantRead(fn: LambdaFunction): void {
    fn.addEnvironment(ATTACHMENTS_BUCKET_ENV, this.bucket.bucketName);
    fn.addToRolePolicy(
      new PolicyStatement({
        sid: 'ReadAttachments',
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${ATTACHMENTS_PREFIX}*`)],
      }),
    );
  }

  /**
   * The chat's stream function: reads the keyword indexes of the collections a conversation
   * attaches (`search_knowledge`), and nothing else of knowledge's objects.
   */
  grantKnowledgeRead(fn: LambdaFunction): void {
    fn.addEnvironment(ATTACHMENTS_BUCKET_ENV, this.bucket.bucketName);
    fn.addToRolePolicy(
      new PolicyStatement({
        sid: 'ReadKnowledge',
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${KNOWLEDGE_PREFIX}*`)],
      }),
    );
  }

  /**
   * The origin presigned URLs point at (the SDK's virtual-hosted regional endpoint,
   * `<bucket>.s3.<region>.amazonaws.com`): the app's CSP connect-src.
   */
  get origin(): string {
    const stack = Stack.of(this);
    return `https://${this.bucket.bucketName}.s3.${stack.region}.${stack.urlSuffix}`;
  }
}
