import { describe, expect, it } from 'vitest';
import { parseBridgeConfig } from './config.js';

describe('parseBridgeConfig', () => {
  it('applies the defaults of the runner image', () => {
    const config = parseBridgeConfig({ BRIDGE_TOKEN: 't0ken', PACKAGE: ' pkg@1.0.0 ' });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      token: 't0ken',
      packageSpec: 'pkg@1.0.0',
      serverEnv: {},
      idleTimeoutMs: 300_000,
      sandbox: 'none',
      allowLocalPackages: false,
      allowedPackages: [],
    });
  });

  it('reads the local runner contract', () => {
    const config = parseBridgeConfig({
      PORT: '4321',
      HOST: '127.0.0.1',
      BRIDGE_TOKEN: 't',
      PACKAGE: 'p',
      SERVER_ENV_JSON: '{"API_KEY":"v"}',
      IDLE_TIMEOUT_MS: '1500',
      SANDBOX: 'bwrap',
      ALLOW_LOCAL_PACKAGES: 'true',
      ALLOWED_PACKAGES: 'mcp-a, mcp-b',
      PRIVATE_DIR: '/data/mcp/s1',
      PACKAGES_DIR: '/repo/functions',
    });
    expect(config).toMatchObject({
      port: 4321,
      serverEnv: { API_KEY: 'v' },
      idleTimeoutMs: 1500,
      sandbox: 'bwrap',
      allowLocalPackages: true,
      allowedPackages: ['mcp-a', 'mcp-b'],
      privateDir: '/data/mcp/s1',
      packagesDir: '/repo/functions',
    });
  });

  it('names what is wrong without echoing secret values', () => {
    expect(() => parseBridgeConfig({ PACKAGE: 'p' })).toThrow(/BRIDGE_TOKEN/);
    const attempt = () =>
      parseBridgeConfig({ BRIDGE_TOKEN: 't', PACKAGE: 'p', SERVER_ENV_JSON: '{"K": s3cr3t' });
    expect(attempt).toThrow(/SERVER_ENV_JSON/);
    expect(attempt).not.toThrow(/s3cr3t/);
    expect(() => parseBridgeConfig({ BRIDGE_TOKEN: 't', PACKAGE: 'p', SERVER_ENV_JSON: '{"K": 1}' })).toThrow(
      /SERVER_ENV_JSON/,
    );
  });
});
