import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, ROUTES } from '../../functions/src/routes';
import { routeFamily } from '../../lib/constructs/api';
import { parseStageConfig } from '../../lib/stage-config';
import { synthStack, testStageConfig } from './synth';

interface MethodSetting {
  HttpMethod: string;
  ResourcePath: string;
  ThrottlingRateLimit?: number;
  ThrottlingBurstLimit?: number;
  LoggingLevel?: string;
  MetricsEnabled?: boolean;
}

const PROVIDERS = '/api-keys/providers';
const API_ROUTES = ROUTES.filter((route) => route.transport !== 'stream');

/** The stage's method settings by `METHOD /path` (`* /*` for the stage-wide one). */
function methodSettings(template: Template): Map<string, MethodSetting> {
  const stages = Object.values(template.findResources('AWS::ApiGateway::Stage')) as {
    Properties: { MethodSettings: MethodSetting[] };
  }[];
  expect(stages).toHaveLength(1);
  return new Map(
    (stages[0]?.Properties.MethodSettings ?? []).map((setting) => [
      // `/~1api~1api-keys` is /api/api-keys; `/*` every path.
      `${setting.HttpMethod} ${setting.ResourcePath === '/*' ? '/*' : setting.ResourcePath.slice(1).replaceAll('~1', '/')}`,
      setting,
    ]),
  );
}

const limits = (setting: MethodSetting | undefined) => [
  setting?.ThrottlingRateLimit,
  setting?.ThrottlingBurstLimit,
];

let defaults: Map<string, MethodSetting>;

beforeAll(() => {
  defaults = methodSettings(synthStack().apiTemplate);
});

describe('API throttling', () => {
  it('limits every method to 100 requests/s (bursts of 200) by default', () => {
    expect(limits(defaults.get('* /*'))).toEqual([100, 200]);
  });

  it('is stricter for external MCP clients and API keys, on every method of those families but the providers list', () => {
    const exempt = (route: (typeof API_ROUTES)[number]) => route.method === 'GET' && route.path === PROVIDERS;
    for (const route of API_ROUTES) {
      const setting = defaults.get(`${route.method} ${API_BASE_PATH}${route.path}`);
      const family = routeFamily(route.path);
      if (family === '/mcp-external') expect(limits(setting), route.path).toEqual([10, 20]);
      else if (family === '/api-keys' && !exempt(route)) expect(limits(setting), route.path).toEqual([5, 10]);
      else expect(setting, `${route.method} ${route.path}`).toBeUndefined();
    }
    expect([...defaults.keys()].filter((key) => key.includes('/api-keys'))).toHaveLength(
      API_ROUTES.filter((route) => routeFamily(route.path) === '/api-keys' && !exempt(route)).length,
    );
  });

  it('leaves the providers list, read by every chat page, at the stage-wide limit (not 5 requests/s for all callers)', () => {
    expect(API_ROUTES.some((route) => route.method === 'GET' && route.path === PROVIDERS)).toBe(true);
    expect(defaults.get(`GET ${API_BASE_PATH}${PROVIDERS}`)).toBeUndefined();
    expect(limits(defaults.get('* /*'))).toEqual([100, 200]);
  });

  it('keeps the stage’s error logging and metrics on the methods it overrides', () => {
    for (const [key, setting] of defaults) {
      expect(setting, key).toMatchObject({ LoggingLevel: 'ERROR', MetricsEnabled: true });
    }
  });

  it('follows the stage config: the stage-wide limit and per-family limits over the defaults', () => {
    const settings = methodSettings(
      synthStack({
        config: parseStageConfig({
          ...testStageConfig,
          apiThrottling: {
            rateLimit: 50,
            burstLimit: 80,
            families: {
              '/mcp-servers': { rateLimit: 2, burstLimit: 4 },
              '/api-keys': { rateLimit: 1, burstLimit: 2 },
            },
          },
        }),
      }).apiTemplate,
    );
    expect(limits(settings.get('* /*'))).toEqual([50, 80]);
    expect(limits(settings.get(`POST ${API_BASE_PATH}/mcp-servers/{id}/enable`))).toEqual([2, 4]);
    expect(limits(settings.get(`POST ${API_BASE_PATH}/api-keys/validate`))).toEqual([1, 2]);
    expect(limits(settings.get(`POST ${API_BASE_PATH}/mcp-external/{serverId}`))).toEqual([10, 20]);
  });

  it('refuses a family no route is under', () => {
    expect(() =>
      synthStack({
        config: parseStageConfig({
          ...testStageConfig,
          apiThrottling: { families: { '/nothing-here': { rateLimit: 1, burstLimit: 1 } } },
        }),
      }),
    ).toThrow(/no API route is under/);
  });
});
