import { join } from 'node:path';
import { loadAdminCredentials } from '../cognito/admin-auth.js';
import { startLocalS3Vectors } from './server.js';

/** The stage's vector bucket on the local stack (KNOWLEDGE_VECTOR_BUCKET). */
const LOCAL_KNOWLEDGE_VECTOR_BUCKET = 'local-knowledge';

/**
 * Knowledge's vectors (issue 33) on the local stack: the S3 Vectors stand-in under the data
 * directory, signed with the local S3's credentials (LOCAL_S3_CREDENTIALS_FILE), its endpoint and
 * bucket in the functions' environment. Resolves with its stop.
 */
export async function startStackVectors(dataDir: string, port = 0): Promise<() => Promise<void>> {
  const s3vectors = await startLocalS3Vectors({
    port,
    dataDir: join(dataDir, 's3vectors'),
    credentials: loadAdminCredentials(join(dataDir, 's3-credentials.json')),
    buckets: [LOCAL_KNOWLEDGE_VECTOR_BUCKET],
  });
  Object.assign(process.env, {
    S3VECTORS_ENDPOINT: s3vectors.endpoint,
    KNOWLEDGE_VECTOR_BUCKET: LOCAL_KNOWLEDGE_VECTOR_BUCKET,
  });
  return s3vectors.stop;
}
