import { CfnIPSet, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { API_AREAS, API_BASE_PATH, type ApiArea, ROUTES } from '../../functions/src/routes';

/**
 * The common rule set's body rules that read code as an attack: a chat message, a workspace file or
 * an MCP server's config holding HTML, `../` paths, URLs or 169.254.169.254 is ordinary here. In the
 * managed group they only count (and label the request); the rule after it blocks on their labels
 * everywhere but the user-content routes.
 */
export const BODY_RULES = {
  CrossSiteScripting_BODY: 'awswaf:managed:aws:core-rule-set:CrossSiteScripting_Body',
  GenericLFI_BODY: 'awswaf:managed:aws:core-rule-set:GenericLFI_Body',
  GenericRFI_BODY: 'awswaf:managed:aws:core-rule-set:GenericRFI_Body',
  EC2MetaDataSSRF_BODY: 'awswaf:managed:aws:core-rule-set:EC2MetaDataSSRF_Body',
} as const;

/** The API areas whose bodies carry what users write: chats, agent goals, files, saved prompts, automations' goals, knowledge searches, servers' configs and tool calls. */
const USER_CONTENT_AREAS: readonly ApiArea[] = API_AREAS.filter((area) =>
  [
    'conversations',
    'messages',
    'agent',
    'workspace',
    'prompts',
    'automations',
    'knowledge',
    'mcp',
    'mcp-gateway',
  ].includes(area),
);

/** A user-content area's route, or voice's (read aloud sends a reply's text: code, HTML). */
export const isUserContentRoute = (route: { area: ApiArea; path: string }): boolean =>
  USER_CONTENT_AREAS.includes(route.area) || route.path.startsWith('/speech/');

/**
 * Routes of other areas whose body is a document an Admin brings: a team's single sign-on takes the
 * SAML metadata file (XML with URLs, which the body rules read as cross-site scripting or remote
 * file inclusion). Matched by the path around their one variable segment.
 */
export const DOCUMENT_BODY_ROUTES: readonly string[] = ['/teams/{teamId}/sso'];

/** `STARTS_WITH` and `ENDS_WITH` of a document-body route's path (as CloudFront sees it). */
function documentBodyPathBounds(): { prefix: string; suffix: string }[] {
  return DOCUMENT_BODY_ROUTES.map((path) => {
    const [prefix = '', suffix = ''] = path.split(/\{\w+\}/);
    return { prefix: `${API_BASE_PATH}${prefix}`, suffix };
  });
}

/**
 * The path prefixes (as CloudFront sees them) of the user-content areas' routes: `/api/` and each
 * route's first segment, without one that a shorter prefix already covers.
 */
export function userContentPathPrefixes(): string[] {
  const prefixes = [
    ...new Set(
      ROUTES.filter(isUserContentRoute).map((route) => `${API_BASE_PATH}/${route.path.split('/')[1]}`),
    ),
  ].sort();
  return prefixes.filter((prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(other)));
}

const visibility = (metricName: string) => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** One of AWS's managed rule groups; `counted` rules only count (they would block normal use). */
function managedRules(name: string, priority: number, counted: readonly string[] = []) {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ruleActionOverrides: counted.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
      },
    },
    visibilityConfig: visibility(name),
  };
}

const anyOf = (statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty =>
  statements.length === 1 ? (statements[0] as CfnWebACL.StatementProperty) : { orStatement: { statements } };

/** Blocks a request the body rules labelled, unless its (normalized) path is a user-content or document-body route's. */
function bodyRulesOutsideUserContent(priority: number): CfnWebACL.RuleProperty {
  const labelled = Object.values(BODY_RULES).map((key) => ({ labelMatchStatement: { scope: 'LABEL', key } }));
  // `/api/messages/../teams` is /api/teams: matched after normalizing, as API Gateway routes it.
  const pathMatch = (positionalConstraint: 'STARTS_WITH' | 'ENDS_WITH', searchString: string) => ({
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint,
      searchString,
      textTransformations: [{ priority: 0, type: 'NORMALIZE_PATH' }],
    },
  });
  const userContent = [
    ...userContentPathPrefixes().map((prefix) => pathMatch('STARTS_WITH', prefix)),
    ...documentBodyPathBounds().map(({ prefix, suffix }) => ({
      andStatement: { statements: [pathMatch('STARTS_WITH', prefix), pathMatch('ENDS_WITH', suffix)] },
    })),
  ];
  return {
    name: 'BodyRulesOutsideUserContent',
    priority,
    action: { block: {} },
    statement: {
      andStatement: {
        statements: [anyOf(labelled), { notStatement: { statement: anyOf(userContent) } }],
      },
    },
    visibilityConfig: visibility('BodyRulesOutsideUserContent'),
  };
}

export interface WebAclProps {
  readonly stage: string;
  /** Requests per IP in five minutes past which it is blocked; omitted: no rate rule. */
  readonly limit?: number | undefined;
  /** IPv4 and IPv6 CIDRs: everyone else is blocked. Empty: anyone. */
  readonly allowedIpRanges?: readonly string[];
}

/**
 * AWS WAF in front of CloudFront: with `allowedIpRanges`, only those ranges get in; with `limit`,
 * an IP past it in five minutes is blocked for a while; AWS's managed common and known-bad-input
 * rules apply either way (the common set's body rules outside the user-content routes only).
 */
export class WebAcl extends Construct {
  readonly arn: string;

  constructor(scope: Construct, id: string, { stage, limit, allowedIpRanges = [] }: WebAclProps) {
    super(scope, id);
    const rules: CfnWebACL.RuleProperty[] = [];
    if (allowedIpRanges.length > 0) {
      rules.push({
        name: 'AllowedIpRanges',
        priority: rules.length,
        action: { block: {} },
        statement: { notStatement: { statement: this.inAllowedRanges(stage, allowedIpRanges) } },
        visibilityConfig: visibility('AllowedIpRanges'),
      });
    }
    if (limit !== undefined) {
      rules.push({
        name: 'RatePerIp',
        priority: rules.length,
        action: { block: {} },
        statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP' } },
        visibilityConfig: visibility('RatePerIp'),
      });
    }
    const first = rules.length;
    const acl = new CfnWebACL(this, 'Acl', {
      name: `agentforge-${stage}`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`agentforge-${stage}`),
      rules: [
        ...rules,
        // A chat message or an imported conversation is a large body: the size rule only counts.
        managedRules('AWSManagedRulesCommonRuleSet', first, [
          'SizeRestrictions_BODY',
          ...Object.keys(BODY_RULES),
        ]),
        bodyRulesOutsideUserContent(first + 1),
        managedRules('AWSManagedRulesKnownBadInputsRuleSet', first + 2),
      ],
    });
    this.arn = acl.attrArn;
  }

  /** A request from one of the ranges: one IP set per address family (WAF wants them apart). */
  private inAllowedRanges(stage: string, ranges: readonly string[]): CfnWebACL.StatementProperty {
    const families = (['IPV4', 'IPV6'] as const)
      .map((family) => ({
        family,
        addresses: ranges.filter((range) => range.includes(':') === (family === 'IPV6')),
      }))
      .filter(({ addresses }) => addresses.length > 0);
    return anyOf(
      families.map(({ family, addresses }) => ({
        ipSetReferenceStatement: {
          arn: new CfnIPSet(this, `Allowed${family}`, {
            name: `agentforge-${stage}-allowed-${family.toLowerCase()}`,
            scope: 'CLOUDFRONT',
            ipAddressVersion: family,
            addresses: [...addresses],
          }).attrArn,
        },
      })),
    );
  }
}
