import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseStageConfig, StageConfigError, toolSelectionEnvironment } from '../../lib/stage-config';

const valid = { stage: 'prod', domainPrefix: 'agentforge-prod' };

const stagesDir = fileURLToPath(new URL('../../bin/stages/', import.meta.url));

describe('the stage config', () => {
  it.each(readdirSync(stagesDir).filter((file) => file.endsWith('.json')))(
    'accepts bin/stages/%s',
    (file) => {
      const stage = basename(file, '.json');
      const config = parseStageConfig({ ...JSON.parse(readFileSync(join(stagesDir, file), 'utf8')), stage });
      expect(config.stage).toBe(stage);
    },
  );

  it('fills in empty origins and whitelist, no localhost, essential monitoring, open sign-up, and leaves Google out by default', () => {
    expect(parseStageConfig(valid)).toEqual({
      ...valid,
      allowedOrigins: [],
      allowLocalhost: false,
      whitelistedEmails: [],
      allowPrivateEndpoints: false,
      auditRetentionDays: 365,
      auditFailedSignIns: false,
      access: 'open',
      inviteCodes: [],
      monitoring: 'essential',
      selfSignUp: true,
      allowedEmailDomains: [],
      allowedIpRanges: [],
    });
  });

  it('takes full, essential or off monitoring, nothing else', () => {
    expect(parseStageConfig({ ...valid, monitoring: 'full' }).monitoring).toBe('full');
    expect(parseStageConfig({ ...valid, monitoring: 'off' }).monitoring).toBe('off');
    expect(() => parseStageConfig({ ...valid, monitoring: 'some' })).toThrow(/monitoring/);
  });

  it('takes the Bedrock region and allow-list, and refuses what is neither', () => {
    const bedrock = { region: 'us-west-2', models: ['us.anthropic.claude-haiku-4-5-20251001-v1:0'] };
    expect(parseStageConfig({ ...valid, bedrock }).bedrock).toEqual(bedrock);
    expect(() => parseStageConfig({ ...valid, bedrock: { region: 'Oregon' } })).toThrow(
      /must be an AWS region such as us-east-1/,
    );
    expect(() => parseStageConfig({ ...valid, bedrock: { models: ['claude 3 haiku'] } })).toThrow(
      /must be a Bedrock model or inference profile id/,
    );
  });

  it("takes the MCP catalog's S3 object and https registry, and refuses a wildcard key or a plain-http registry", () => {
    const mcpCatalog = {
      s3Object: { bucket: 'acme-ops', key: 'mcp/catalog.json' },
      registryUrl: 'https://registry.modelcontextprotocol.io',
      ttlSeconds: 300,
    };
    expect(parseStageConfig({ ...valid, mcpCatalog }).mcpCatalog).toEqual(mcpCatalog);
    expect(() =>
      parseStageConfig({ ...valid, mcpCatalog: { s3Object: { bucket: 'acme-ops', key: 'mcp/*' } } }),
    ).toThrow(/mcpCatalog\.s3Object\.key/);
    expect(() =>
      parseStageConfig({ ...valid, mcpCatalog: { registryUrl: 'http://registry.example' } }),
    ).toThrow(/mcpCatalog\.registryUrl/);
  });

  it("takes web search's secret name and an https API URL, and refuses a plain-http one", () => {
    const webSearch = { secretName: 'agentforge/dev/web-search', url: 'https://api.search.brave.com' };
    expect(parseStageConfig({ ...valid, webSearch }).webSearch).toEqual(webSearch);
    expect(parseStageConfig(valid).webSearch).toBeUndefined();
    expect(() =>
      parseStageConfig({ ...valid, webSearch: { secretName: 'x', url: 'http://search.example' } }),
    ).toThrow(/webSearch\.url/);
  });

  it("takes tool selection's budget for the stream functions, and refuses one too small to offer a tool", () => {
    const { toolSelection } = parseStageConfig({
      ...valid,
      toolSelection: { maxTools: 30, maxSchemaTokens: 12_000 },
    });
    expect(toolSelectionEnvironment(toolSelection)).toEqual({
      TOOL_SELECTION_MAX_TOOLS: '30',
      TOOL_SELECTION_MAX_SCHEMA_TOKENS: '12000',
    });
    expect(toolSelectionEnvironment(parseStageConfig(valid).toolSelection)).toEqual({});
    expect(() => parseStageConfig({ ...valid, toolSelection: { maxTools: 1 } })).toThrow(
      /toolSelection\.maxTools/,
    );
  });

  it('accepts a Google client with the name of its secret', () => {
    const google = { clientId: 'id.apps.googleusercontent.com', clientSecretName: 'agentforge/prod/google' };
    expect(parseStageConfig({ ...valid, google }).google).toEqual(google);
  });

  it('rejects a stage name with capitals, naming the field', () => {
    expect(() => parseStageConfig({ ...valid, stage: 'Prod' })).toThrow(
      /lower-case letters[\s\S]*→ at stage/,
    );
  });

  it('leaves the domain prefix out by default (the stack derives a unique one)', () => {
    expect(parseStageConfig({ stage: 'qa' }).domainPrefix).toBeUndefined();
  });

  it('rejects a domain prefix Cognito reserves', () => {
    expect(() => parseStageConfig({ ...valid, domainPrefix: 'my-cognito-app' })).toThrow(
      /must not contain aws, amazon or cognito\s+→ at domainPrefix/,
    );
  });

  it('rejects an allowed origin that has a path', () => {
    expect(() => parseStageConfig({ ...valid, allowedOrigins: ['https://app.example.com/home'] })).toThrow(
      /bare origin[\s\S]*→ at allowedOrigins\[0\]/,
    );
  });

  it('rejects a Google client without its secret name', () => {
    expect(() => parseStageConfig({ ...valid, google: { clientId: 'id' } })).toThrow(
      /google\.clientSecretName/,
    );
  });

  it('rejects a whitelisted entry that is not an e-mail address', () => {
    expect(() => parseStageConfig({ ...valid, whitelistedEmails: ['nobody'] })).toThrow(
      /whitelistedEmails\[0\]/,
    );
  });

  it('rejects unknown fields, catching typos', () => {
    expect(() => parseStageConfig({ ...valid, alowedOrigins: [] })).toThrow(/alowedOrigins/);
  });

  it('reports every problem at once in a StageConfigError', () => {
    const error = (() => {
      try {
        parseStageConfig({ stage: '', domainPrefix: '' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(StageConfigError);
    expect((error as Error).message).toMatch(
      /^Invalid stage config:[\s\S]*→ at stage[\s\S]*→ at domainPrefix/,
    );
  });
});
