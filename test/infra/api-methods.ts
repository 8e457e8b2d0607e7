import type { Template } from 'aws-cdk-lib/assertions';

interface ResourceProperties {
  readonly ParentId: { readonly Ref?: string };
  readonly PathPart: string;
}
type Resources<P> = Record<string, { readonly Properties: P }>;

/** Every API Gateway method of a template keyed by `${httpMethod} ${full resource path}`. */
export function methodsByRoute(template: Template): Map<string, Record<string, unknown>> {
  const resources = template.findResources('AWS::ApiGateway::Resource') as Resources<ResourceProperties>;
  const pathOf = (id: string | undefined): string => {
    const resource = id === undefined ? undefined : resources[id];
    if (!resource) return ''; // the API's root resource
    return `${pathOf(resource.Properties.ParentId.Ref)}/${resource.Properties.PathPart}`;
  };
  const methods = template.findResources('AWS::ApiGateway::Method') as Resources<Record<string, unknown>>;
  return new Map(
    Object.values(methods).map(({ Properties: method }) => {
      const resourceId = (method.ResourceId as { Ref?: string }).Ref;
      return [`${method.HttpMethod} ${pathOf(resourceId) || '/'}`, method];
    }),
  );
}
