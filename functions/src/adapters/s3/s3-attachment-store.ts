import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AttachmentStore, StoredObject } from '../../domain/attachments/attachment-store.js';

export interface S3AttachmentStoreOptions {
  region: string;
  bucket: string;
  /** Local stack: the S3 stand-in's URL (path-style addressing). */
  endpoint?: string | undefined;
  /** Local stack: the stand-in's own credentials; on AWS the function's role. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** The user-given file name rides along as object metadata (ASCII only: URI-encoded). */
const FILE_NAME_HEADER = 'x-amz-meta-filename';

function isNotFound(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey');
}

function decodeFileName(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The attachments in one S3 bucket, through the AWS SDK and its presigner. */
export function createS3AttachmentStore(options: S3AttachmentStoreOptions): AttachmentStore {
  const config: S3ClientConfig = {
    region: options.region,
    // The SDK would otherwise put a CRC32 of an empty body into presigned PUT URLs, which S3 then
    // checks against the uploaded bytes: checksums only where an operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  };
  const s3 = new S3Client(config);
  const Bucket = options.bucket;

  return {
    async presignUpload(key, file, expiresInSeconds) {
      const fileName = encodeURIComponent(file.fileName);
      const command = new PutObjectCommand({
        Bucket,
        Key: key,
        ContentType: file.contentType,
        ContentLength: file.size,
        Metadata: { filename: fileName },
      });
      const url = await getSignedUrl(s3, command, {
        expiresIn: expiresInSeconds,
        // Bound in the signature: another type or size, or another name, is refused by S3.
        signableHeaders: new Set(['content-type', 'content-length']),
        unhoistableHeaders: new Set([FILE_NAME_HEADER]),
      });
      // Content-Length is the browser's to send (the file's size); it is signed all the same.
      return { url, headers: { 'Content-Type': file.contentType, [FILE_NAME_HEADER]: fileName } };
    },

    presignDownload(key, served, expiresInSeconds) {
      return getSignedUrl(
        s3,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentType: served.contentType,
          ResponseContentDisposition: served.contentDisposition,
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: expiresInSeconds },
      );
    },

    async head(key): Promise<StoredObject | undefined> {
      try {
        const object = await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        const fileName = decodeFileName(object.Metadata?.filename);
        return {
          contentType: object.ContentType ?? 'binary/octet-stream',
          size: object.ContentLength ?? 0,
          ...(fileName ? { fileName } : {}),
        };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async read(key, maxBytes) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        if ((object.ContentLength ?? 0) > maxBytes) {
          object.Body?.transformToWebStream().cancel();
          throw new Error(`Attachment ${key} is larger than ${maxBytes} bytes`);
        }
        return await object.Body?.transformToByteArray();
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async deletePrefix(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          const result = await s3.send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }),
          );
          if (result.Errors?.length) {
            throw new Error(`${result.Errors.length} attachments under ${prefix} were not deleted`);
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
