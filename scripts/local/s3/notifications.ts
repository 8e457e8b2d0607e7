import type { ObjectInfo } from './object-store.js';

/**
 * S3 event notifications, as the bucket's notification configuration sends them on AWS: an
 * ObjectCreated event (S3's JSON shape, version 2.1) for each stored object whose key starts with
 * a configured prefix, given to that configuration's destination (locally: the queue's consumer).
 */
export interface LocalS3Notification {
  /** The key filter's prefix rule (`knowledge/files/`). */
  prefix: string;
  deliver(event: S3EventNotification): void;
}

export interface S3EventNotification {
  Records: {
    eventVersion: '2.1';
    eventSource: 'aws:s3';
    awsRegion: string;
    eventTime: string;
    eventName: 'ObjectCreated:Put';
    s3: {
      s3SchemaVersion: '1.0';
      bucket: { name: string; arn: string };
      object: { key: string; size: number; eTag: string; sequencer: string };
    };
  }[];
}

/** S3 URL-encodes the key in events, with '+' for a space. */
const eventKey = (key: string) => encodeURIComponent(key).replace(/%20/g, '+').replace(/%2F/g, '/');

export function objectCreatedEvent(bucket: string, info: ObjectInfo): S3EventNotification {
  return {
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: 'us-east-1',
        eventTime: new Date(info.lastModified).toISOString(),
        eventName: 'ObjectCreated:Put',
        s3: {
          s3SchemaVersion: '1.0',
          bucket: { name: bucket, arn: `arn:aws:s3:::${bucket}` },
          object: {
            key: eventKey(info.key),
            size: info.size,
            eTag: info.etag.replaceAll('"', ''),
            sequencer: info.lastModified.toString(16).toUpperCase().padStart(16, '0'),
          },
        },
      },
    ],
  };
}

export function notifyCreated(
  notifications: readonly LocalS3Notification[],
  bucket: string,
  info: ObjectInfo,
): void {
  for (const notification of notifications) {
    if (info.key.startsWith(notification.prefix)) notification.deliver(objectCreatedEvent(bucket, info));
  }
}
