import { posix } from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, ROUTES } from '../../functions/src/routes';
import { BODY_RULES, DOCUMENT_BODY_ROUTES, isUserContentRoute } from '../../lib/constructs/web-acl';
import { parseStageConfig } from '../../lib/stage-config';
import { synthStack, testStageConfig } from './synth';

let production: Template;
let plain: Template;

beforeAll(() => {
  production = synthStack({
    config: parseStageConfig({ ...testStageConfig, webAclRateLimit: 1000 }),
  }).template;
  plain = synthStack().template;
}, 300_000);

interface Rule {
  Name: string;
  Priority: number;
  Action?: Record<string, unknown>;
  Statement: Statement;
}
/** The parts of WAF's statements these rules use (CloudFormation's spelling). */
interface Statement {
  AndStatement?: { Statements: Statement[] };
  OrStatement?: { Statements: Statement[] };
  NotStatement?: { Statement: Statement };
  LabelMatchStatement?: { Key: string };
  ByteMatchStatement?: {
    FieldToMatch: { UriPath?: object };
    PositionalConstraint: string;
    SearchString: string;
    TextTransformations: { Type: string }[];
  };
  ManagedRuleGroupStatement?: {
    Name: string;
    RuleActionOverrides: { Name: string; ActionToUse: unknown }[];
  };
}

const rules = (): Rule[] => {
  const acls = Object.values(production.findResources('AWS::WAFv2::WebACL')) as {
    Properties: { Rules: Rule[] };
  }[];
  expect(acls).toHaveLength(1);
  return acls[0]?.Properties.Rules ?? [];
};

/** What WAF decides for a statement, on a request with this path that earlier rules gave these labels. */
function matches(statement: Statement, request: { path: string; labels: readonly string[] }): boolean {
  if (statement.AndStatement) return statement.AndStatement.Statements.every((s) => matches(s, request));
  if (statement.OrStatement) return statement.OrStatement.Statements.some((s) => matches(s, request));
  if (statement.NotStatement) return !matches(statement.NotStatement.Statement, request);
  if (statement.LabelMatchStatement) return request.labels.includes(statement.LabelMatchStatement.Key);
  const byteMatch = statement.ByteMatchStatement;
  if (
    byteMatch?.FieldToMatch?.UriPath &&
    ['STARTS_WITH', 'ENDS_WITH'].includes(byteMatch.PositionalConstraint)
  ) {
    const transforms = byteMatch.TextTransformations.map((t) => t.Type);
    const path = transforms.includes('NORMALIZE_PATH') ? posix.normalize(request.path) : request.path;
    return byteMatch.PositionalConstraint === 'STARTS_WITH'
      ? path.startsWith(byteMatch.SearchString)
      : path.endsWith(byteMatch.SearchString);
  }
  throw new Error(`statement not understood by this test: ${JSON.stringify(statement)}`);
}

const BODY_METHODS = ['POST', 'PUT', 'PATCH'];
const requestPath = (path: string) => `${API_BASE_PATH}${path.replace(/\{\w+\}/g, 'abc123')}`;
const bodyRoutes = ROUTES.filter((route) => BODY_METHODS.includes(route.method));

describe('the web ACL', () => {
  it('rate-limits each IP and applies the managed rules in front of CloudFront, when the stage asks', () => {
    production.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'RatePerIp',
          Action: { Block: {} },
          Statement: { RateBasedStatement: { Limit: 1000, AggregateKeyType: 'IP' } },
        }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: Match.objectLike({ Name: 'AWSManagedRulesKnownBadInputsRuleSet' }),
          },
        }),
      ]),
    });
    const acl = Object.keys(production.findResources('AWS::WAFv2::WebACL'))[0];
    production.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [acl, 'Arn'] } }),
    });
    plain.resourceCountIs('AWS::WAFv2::WebACL', 0);
  });

  it('only counts the common rule set’s body-size and code-reading body rules in the managed group', () => {
    const common = rules().find(
      (rule) => rule.Statement.ManagedRuleGroupStatement?.Name === 'AWSManagedRulesCommonRuleSet',
    );
    const counted = common?.Statement.ManagedRuleGroupStatement?.RuleActionOverrides.map((override) => {
      expect(override.ActionToUse).toEqual({ Count: {} });
      return override.Name;
    });
    expect(counted?.sort()).toEqual(
      [
        'CrossSiteScripting_BODY',
        'EC2MetaDataSSRF_BODY',
        'GenericLFI_BODY',
        'GenericRFI_BODY',
        'SizeRestrictions_BODY',
      ].sort(),
    );
  });

  describe('blocks what the body rules found', () => {
    const blocker = () => {
      const all = rules();
      const rule = all.find((r) => r.Name === 'BodyRulesOutsideUserContent') as Rule;
      const common = all.find(
        (r) => r.Statement.ManagedRuleGroupStatement?.Name === 'AWSManagedRulesCommonRuleSet',
      ) as Rule;
      expect(rule.Action).toEqual({ Block: {} });
      // Labels are seen only by rules evaluated after the group that adds them.
      expect(rule.Priority).toBeGreaterThan(common.Priority);
      return rule;
    };

    it('on every route outside chats, agent plans, workspace files and MCP servers, and the web app', () => {
      const rule = blocker();
      const elsewhere = bodyRoutes.filter(
        (route) => !isUserContentRoute(route) && !DOCUMENT_BODY_ROUTES.includes(route.path),
      );
      expect(elsewhere.map((route) => route.area)).toEqual(
        expect.arrayContaining(['users', 'teams', 'api-keys', 'billing']),
      );
      for (const label of Object.values(BODY_RULES)) {
        for (const route of elsewhere) {
          const path = requestPath(route.path);
          expect(matches(rule.Statement, { path, labels: [label] }), `${route.method} ${path}`).toBe(true);
          expect(
            matches(rule.Statement, {
              path,
              labels: ['awswaf:managed:aws:core-rule-set:NoUserAgent_Header'],
            }),
          ).toBe(false);
        }
        expect(matches(rule.Statement, { path: '/index.html', labels: [label] })).toBe(true);
        // A user-content prefix walked out of is not user content.
        expect(matches(rule.Statement, { path: '/api/messages/../teams', labels: [label] })).toBe(true);
      }
    });

    it("but lets a team's SAML metadata file through its single sign-on route, and no other team route", () => {
      const rule = blocker();
      const sso = bodyRoutes.filter((route) => DOCUMENT_BODY_ROUTES.includes(route.path));
      expect(sso.map((route) => `${route.method} ${route.path}`)).toEqual(['PUT /teams/{teamId}/sso']);
      for (const label of Object.values(BODY_RULES)) {
        expect(matches(rule.Statement, { path: requestPath('/teams/{teamId}/sso'), labels: [label] })).toBe(
          false,
        );
        // Not the team's other routes, nor a path walked out of it.
        expect(
          matches(rule.Statement, { path: requestPath('/teams/{teamId}/members'), labels: [label] }),
        ).toBe(true);
        expect(matches(rule.Statement, { path: '/api/teams/t1/sso/../members', labels: [label] })).toBe(true);
        expect(matches(rule.Statement, { path: '/api/users/sso', labels: [label] })).toBe(true);
      }
    });

    it('but lets chat messages, agent plans, workspace files and MCP server configs and calls through', () => {
      const rule = blocker();
      const userContent = bodyRoutes.filter(isUserContentRoute);
      expect(userContent.map((route) => route.path)).toEqual(
        expect.arrayContaining([
          '/messages',
          '/conversations',
          '/workspace/files',
          '/mcp-servers',
          '/mcp-servers/{id}',
          '/mcp-external/{serverId}',
          '/conversations/{id}/plans/{planId}/steps/{stepId}',
          '/speech/synthesis',
          // A webhook's body is another system's content (a deploy event, an issue): both forms.
          '/automation-hooks/{id}',
          '/automation-hooks/{id}/{secret}',
        ]),
      );
      for (const label of Object.values(BODY_RULES)) {
        for (const route of userContent) {
          const path = requestPath(route.path);
          expect(matches(rule.Statement, { path, labels: [label] }), `${route.method} ${path}`).toBe(false);
        }
      }
    });
  });
});
