import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseStageConfig } from '../../lib/stage-config';
import { synthStack } from './synth';

/**
 * A stage without a custom domain: its CloudFront domain is where checkout returns and invitation
 * links point, through an SSM parameter the billing and teams functions read.
 */
type Resource = { Type: string; Properties?: Record<string, unknown>; DependsOn?: string | string[] };

/** The logical ids a resource refers to (Ref, Fn::GetAtt, DependsOn). */
function referencesOf(resource: Resource, ids: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(walk);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string' && ids.has(inner)) found.add(inner);
      else if (key === 'Fn::GetAtt' && Array.isArray(inner) && ids.has(String(inner[0])))
        found.add(String(inner[0]));
      else walk(inner);
    }
  };
  walk(resource.Properties);
  for (const id of [resource.DependsOn ?? []].flat()) found.add(id);
  return found;
}

/** A dependency cycle among the template's resources, as CloudFormation would refuse it, if any. */
function cycleIn(resources: Record<string, Resource>): string[] | undefined {
  const ids = new Set(Object.keys(resources));
  const edges = new Map([...ids].map((id) => [id, referencesOf(resources[id] as Resource, ids)]));
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'open') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'open');
    path.push(id);
    for (const next of edges.get(id) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const id of ids) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return undefined;
}

let template: Template;
const functionsByArea = (area: string) =>
  Object.entries(
    template.findResources('AWS::Lambda::Function', {
      Properties: { Description: `AgentForge ${area} API (qa)` },
    }),
  ) as [string, Resource][];
const resourcesOf = (of: Template) => structuredClone(of.toJSON().Resources) as Record<string, Resource>;

beforeAll(() => {
  ({ template } = synthStack({ config: parseStageConfig({ stage: 'qa' }) }));
}, 300_000);

describe('the app’s origin on a stage without a custom domain', () => {
  it('is written to an SSM parameter as the CloudFront domain', () => {
    template.hasResourceProperties('AWS::SSM::Parameter', {
      Name: '/agentforge/qa/app-origin',
      Value: {
        'Fn::Join': [
          '',
          ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebDistribution'), 'DomainName'] }],
        ],
      },
    });
  });

  it.each(['billing', 'teams'])('is read by the %s function, named by its literal name', (area) => {
    const [[, fn] = []] = functionsByArea(area);
    const environment = fn?.Properties?.Environment as { Variables: Record<string, unknown> } | undefined;
    expect(environment?.Variables.APP_ORIGIN_PARAMETER).toBe('/agentforge/qa/app-origin');
  });

  it('leaves CloudFormation no dependency cycle (the functions never reference the distribution)', () => {
    expect(cycleIn(resourcesOf(template))).toBeUndefined();
  });

  it('would be a cycle given to the function as the distribution’s name (why the parameter)', () => {
    const resources = resourcesOf(template);
    const [[billingId] = []] = functionsByArea('billing');
    const distributionId = Object.keys(template.findResources('AWS::CloudFront::Distribution'))[0];
    const billing = resources[billingId as string]?.Properties as { Environment: { Variables: object } };
    billing.Environment.Variables = {
      ...billing.Environment.Variables,
      APP_URL: { 'Fn::GetAtt': [distributionId, 'DomainName'] },
    };
    expect(cycleIn(resources)).toContain(billingId);
  });
});
