import type * as z from 'zod';

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/**
 * Where a schema accepts an object with keys of the caller's choosing (a record): each as a path
 * of property names, `*` standing for any element of an array.
 */
export function recordFields(
  schema: z.ZodType,
  path: string[] = [],
  seen = new Set<z.ZodType>(),
): string[][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const inner = (child: z.ZodType | undefined, at = path) => (child ? recordFields(child, at, seen) : []);
  switch (def.type) {
    case 'record':
      return [path];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) => inner(child, [...path, key]));
    case 'array':
      return inner(def.element, [...path, '*']);
    case 'tuple':
      return (def.items ?? []).flatMap((child) => inner(child, [...path, '*']));
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'union':
      return (def.options ?? []).flatMap((child) => inner(child));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'lazy':
      return inner(def.getter?.());
    default:
      return inner(def.innerType);
  }
}
