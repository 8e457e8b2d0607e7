import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { EventType, type IBucket } from 'aws-cdk-lib/aws-s3';
import { SqsDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { AgentFunction } from './agent-function';
import type { Attachments } from './attachments';
import type { Data } from './data';
import { KnowledgeVectors } from './knowledge-vectors';

/** Uploaded knowledge files (functions/src/domain/knowledge/knowledge.ts, KNOWLEDGE_FILES_PREFIX). */
export const KNOWLEDGE_FILES_PREFIX = 'knowledge/files/';
/** One file's indexing at most: extraction's 120 s, its chunks, embeddings and keyword index. */
const INDEXING_TIMEOUT = Duration.minutes(5);
/** Receives before a message goes to the dead-letter queue (the local queue does the same). */
const MAX_RECEIVES = 3;

export interface KnowledgeIndexingProps {
  readonly stage: string;
  /** The indexing handler (functions/src/handlers/knowledge/index-file.ts). */
  readonly entry: string;
  /** The extraction worker (functions/src/adapters/knowledge/extract-worker.ts), bundled beside it. */
  readonly workerEntry: string;
  readonly data: Data;
  readonly attachments: Attachments;
}

/**
 * Knowledge indexing (issue 33): an upload under `knowledge/files/` in the attachments bucket is
 * an S3 ObjectCreated event to an SQS queue (encrypted, TLS only), whose messages the indexing
 * function takes one at a time, reporting failed ones alone (retried, then the dead-letter queue,
 * kept 14 days). The function reads the file, extracts it in a bounded worker thread, writes the
 * chunks (the knowledge table), the collection's keyword index (the bucket, `knowledge/`) and,
 * with the collection's embedding model, the chunks' vectors (`vectors`, S3 Vectors).
 */
export class KnowledgeIndexing extends Construct {
  readonly indexer: AgentFunction;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  /** The chunks' vectors (S3 Vectors), granted by the stack (stacks/knowledge-vectors-access.ts). */
  readonly vectors: KnowledgeVectors;

  constructor(scope: Construct, id: string, props: KnowledgeIndexingProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'Uploads', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the function's timeout, as Lambda's SQS event source advises.
      visibilityTimeout: Duration.seconds(INDEXING_TIMEOUT.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVES },
    });
    const bucket: IBucket = props.attachments.bucket;
    bucket.addEventNotification(EventType.OBJECT_CREATED, new SqsDestination(this.queue), {
      prefix: KNOWLEDGE_FILES_PREFIX,
    });

    this.indexer = new AgentFunction(this, 'Indexer', {
      entry: props.entry,
      extraEntries: { 'extract-worker': props.workerEntry },
      stage: props.stage,
      description: `AgentForge knowledge indexer (${props.stage})`,
      // The extraction worker's heap (512 MB) and the file beside the function's own.
      memorySize: 2048,
      timeout: INDEXING_TIMEOUT,
    });
    const fn = this.indexer.function;
    fn.addEventSource(new SqsEventSource(this.queue, { batchSize: 1, reportBatchItemFailures: true }));
    props.data.addTableNames(fn);
    props.data.grantReadWrite(fn, 'knowledge');
    props.attachments.grantKnowledge(fn);
    this.vectors = new KnowledgeVectors(this, 'Vectors');
  }
}
