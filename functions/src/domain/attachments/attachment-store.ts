/**
 * The attachments' storage port: S3 on AWS, the local stack's S3 stand-in locally (the same
 * adapter). Files never pass through the functions on the way in or out: the browser uploads to
 * and downloads from presigned URLs; the functions only read what the model needs.
 */
export interface StoredObject {
  /** The type it was stored with (bound in the upload's signature). */
  contentType: string;
  size: number;
  /** The file's name as the user gave it. */
  fileName?: string;
}

export interface PresignedUpload {
  url: string;
  /** The headers the PUT must carry, exactly (they are part of the signature). */
  headers: Record<string, string>;
}

export interface AttachmentStore {
  /** A URL that accepts one PUT of exactly this type and size to `key`, for `expiresInSeconds`. */
  presignUpload(
    key: string,
    file: { contentType: string; size: number; fileName: string },
    expiresInSeconds: number,
  ): Promise<PresignedUpload>;
  /** A URL that GETs `key` served with this type and Content-Disposition. */
  presignDownload(
    key: string,
    served: { contentType: string; contentDisposition: string },
    expiresInSeconds: number,
  ): Promise<string>;
  /** The object's description, undefined when there is none. */
  head(key: string): Promise<StoredObject | undefined>;
  /** The object's bytes (at most `maxBytes`), undefined when there is none. */
  read(key: string, maxBytes: number): Promise<Uint8Array | undefined>;
  /** Deletes every object whose key starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
}
