/**
 * The deterministic model server in a process of its own (see child-process.ts), and a second one
 * over TLS, ROUND_TRIP_MS away, that closes each connection after its response (`tls`: its base
 * URLs, its distance and the file of its self-signed certificate, for NODE_EXTRA_CA_CERTS).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startModelServer } from '../../../test/support/model-server/index.js';
import { loadSelfSignedCertificate } from '../../local/cognito/hosted-domain/certificate.js';
import { serveInChild } from './child-process.js';

/** A provider's API as far as from us-east-1 to a nearby edge: one round trip, simulated. */
const ROUND_TRIP_MS = 5;

await serveInChild(async () => {
  const certificateDir = await mkdtemp(join(tmpdir(), 'agentforge-model-server-'));
  const certificate = loadSelfSignedCertificate(certificateDir, 'model-server');
  const [models, overTls] = await Promise.all([
    startModelServer(),
    startModelServer({ tls: { ...certificate, roundTripMs: ROUND_TRIP_MS } }),
  ]);
  return {
    info: {
      url: models.url,
      baseUrls: models.baseUrls,
      tls: {
        baseUrls: overTls.baseUrls,
        roundTripMs: ROUND_TRIP_MS,
        caFile: join(certificateDir, 'model-server.crt'),
      },
    },
    stop: async () => {
      await Promise.all([models.stop(), overTls.stop()]);
      await rm(certificateDir, { recursive: true, force: true });
    },
  };
});
