import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Data } from '../constructs/data';
import type { KnowledgeVectors } from '../constructs/knowledge-vectors';
import type { Secrets } from '../constructs/secrets';

export interface KnowledgeVectorsAccessProps {
  readonly vectors: KnowledgeVectors;
  readonly data: Data;
  readonly secrets: Secrets;
  /** The knowledge API: makes collections (chooses their embedder), searches, deletes files. */
  readonly api: LambdaFunction;
  /** The indexing function: embeds a file's chunks and puts their vectors. */
  readonly indexer: LambdaFunction;
  /** Account and team deletion: deletes an owner's vectors by key, embeds nothing. */
  readonly account: LambdaFunction;
  /**
   * Who searches at reply or run time (the chat stream: `search_knowledge` and 'Use my documents';
   * the agent's plan and step streams; the automation runner): they query the vectors and embed the
   * query, with the stored keys and teams they already read for their models' credentials.
   */
  readonly searchers: readonly LambdaFunction[];
}

/**
 * Who uses knowledge's vectors (issue 33), and the embedders behind them: where a query or a
 * chunk is embedded, the owner's stored provider keys (read, decrypted) and "my teams" (a team's
 * keys while the caller is a member: the billing table's item), besides the platform's models.
 */
export function grantKnowledgeVectors(props: KnowledgeVectorsAccessProps): void {
  const { vectors, data, secrets } = props;
  vectors.grant(props.api, 'write');
  vectors.grant(props.indexer, 'write');
  vectors.grant(props.account, 'delete');
  for (const fn of props.searchers) vectors.grant(fn, 'read');
  for (const fn of [props.api, props.indexer]) {
    data.tables.apiKeys.grantReadData(fn);
    secrets.grantDecrypt(fn);
  }
  data.grantGetItem(props.indexer, 'billing');
}
