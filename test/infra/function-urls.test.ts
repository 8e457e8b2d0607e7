import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/src/routes';
import { ACCOUNT, isAllowed, type Resources, resolve, resourcesOf, type Statement } from './iam-simulator';
import { synthStack } from './synth';

/**
 * The stream functions' URLs cannot be called directly: IAM auth, and the only principal allowed
 * to invoke them is this stack's CloudFront distribution (through its origin access control).
 */
let resources: Resources;
let urls: { id: string; functionId: string; properties: Record<string, unknown> }[];
let distribution: string;

type Properties = Record<string, unknown>;
const ofType = (type: string) =>
  Object.entries(resources)
    .filter(([, resource]) => resource.Type === type)
    .map(([id, resource]) => ({ id, properties: (resource.Properties ?? {}) as Properties }));

beforeAll(() => {
  resources = resourcesOf(synthStack().template);
  urls = ofType('AWS::Lambda::Url').map(({ id, properties }) => ({
    id,
    properties,
    functionId: (properties.TargetFunctionArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0],
  }));
  const distributions = ofType('AWS::CloudFront::Distribution');
  expect(distributions).toHaveLength(1);
  distribution = `arn:aws:cloudfront::${ACCOUNT}:distribution/<${distributions[0]?.id}>`;
});

/** The function a permission is on, by its logical id (named directly or through its URL). */
function permissionTarget(properties: Properties): string {
  const name = properties.FunctionName as { 'Fn::GetAtt'?: [string, string]; Ref?: string } | string;
  if (typeof name === 'string') return name;
  const [id, attribute] = name['Fn::GetAtt'] ?? [name.Ref as string, 'Ref'];
  const url = urls.find((candidate) => candidate.id === id);
  return url && attribute === 'FunctionArn' ? url.functionId : id;
}

describe('the Function URLs', () => {
  it('exist for each stream route, and each requires IAM (SigV4) and answers no CORS', () => {
    expect(urls).toHaveLength(ROUTES.filter((route) => route.transport === 'stream').length);
    for (const url of urls) {
      expect(url.properties).toMatchObject({ AuthType: 'AWS_IAM' });
      expect(url.properties.Cors).toBeUndefined();
    }
  });

  it('may be invoked only by this distribution: through the URL, and as the function via the URL', () => {
    const permissions = ofType('AWS::Lambda::Permission');
    for (const url of urls) {
      const own = permissions.filter(({ properties }) => permissionTarget(properties) === url.functionId);
      expect(own.map(({ properties }) => properties.Action).sort(), url.functionId).toEqual([
        'lambda:InvokeFunction',
        'lambda:InvokeFunctionUrl',
      ]);
      for (const { properties } of own) {
        expect(properties.Principal).toBe('cloudfront.amazonaws.com');
        expect(resolve(resources, properties.SourceArn)).toBe(distribution);
        expect(properties.FunctionUrlAuthType).toBeUndefined();
        if (properties.Action === 'lambda:InvokeFunction')
          expect(properties.InvokedViaFunctionUrl).toBe(true);
      }
    }
  });

  it('have no resource policy in the stack open to anyone or to an unauthenticated URL', () => {
    for (const { id, properties } of ofType('AWS::Lambda::Permission')) {
      expect(properties.Principal, id).not.toBe('*');
      expect(properties.FunctionUrlAuthType, id).not.toBe('NONE');
      expect(properties.SourceArn ?? properties.SourceAccount, `${id} names no source`).toBeDefined();
    }
  });

  it('are invoked by no role of the stack (no identity policy allows it)', () => {
    const statements = ['AWS::IAM::Policy', 'AWS::IAM::Role'].flatMap((type) =>
      ofType(type).flatMap(({ properties }) => [
        ...((properties.PolicyDocument as { Statement: Statement[] } | undefined)?.Statement ?? []),
        ...((properties.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[]).flatMap(
          (policy) => policy.PolicyDocument.Statement,
        ),
      ]),
    );
    const invoking = statements.filter((statement) =>
      [statement.Action].flat().some((action) => /^lambda:(\*|Invoke)/i.test(String(action))),
    );
    for (const url of urls) {
      const functionArn = resolve(resources, { 'Fn::GetAtt': [url.functionId, 'Arn'] });
      for (const action of ['lambda:InvokeFunctionUrl', 'lambda:InvokeFunction']) {
        expect(
          isAllowed(resources, invoking, { action, resource: functionArn }),
          `${action} ${url.functionId}`,
        ).toBe(false);
      }
    }
  });
});
