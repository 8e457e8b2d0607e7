import { API_BASE_PATH, type RouteDefinition } from '../../functions/src/routes.js';

export interface RouteMatch {
  route: RouteDefinition;
  /** API Gateway's resource path, e.g. `/api/conversations/{id}`. */
  resource: string;
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  route: RouteDefinition;
  resource: string;
  segments: string[];
}

/** Matches request paths against the manifest as API Gateway does: literal segments beat `{params}`. */
export function createRouteMatcher(routes: readonly RouteDefinition[]) {
  const compiled: CompiledRoute[] = routes.map((route) => {
    const resource = `${API_BASE_PATH}${route.path}`;
    return { route, resource, segments: resource.split('/').filter(Boolean) };
  });

  return {
    /** `undefined` if no route has this path; `methodAllowed: false` if the path exists with other methods. */
    match(method: string, pathname: string): { found?: RouteMatch; pathExists: boolean } {
      const parts = pathname.split('/').filter(Boolean).map(decodePathPart);
      let best: { match: RouteMatch; literals: number } | undefined;
      let pathExists = false;
      for (const candidate of compiled) {
        const params = matchSegments(candidate.segments, parts);
        if (!params) continue;
        pathExists = true;
        if (candidate.route.method !== method) continue;
        const literals = candidate.segments.filter((s) => !s.startsWith('{')).length;
        if (!best || literals > best.literals) {
          best = {
            match: { route: candidate.route, resource: candidate.resource, pathParameters: params },
            literals,
          };
        }
      }
      return { found: best?.match, pathExists };
    },
  };
}

function matchSegments(segments: string[], parts: string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    const part = parts[index] as string;
    if (segment.startsWith('{') && segment.endsWith('}')) params[segment.slice(1, -1)] = part;
    else if (segment !== part) return undefined;
  }
  return params;
}

/** Thrown for a path segment that is not valid percent-encoding (the API answers 400). */
export class MalformedPathError extends Error {}

function decodePathPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new MalformedPathError(`The path segment '${part.slice(0, 64)}' is not valid percent-encoding`);
  }
}
