import { invalid } from './errors.js';
import { LIMITS } from './limits.js';

/** A vector's metadata: strings, numbers, booleans and lists of them. */
export type Metadata = Record<string, unknown>;
export type MetadataFilter = (metadata: Metadata) => boolean;

type Primitive = string | number | boolean;
const isPrimitive = (value: unknown): value is Primitive =>
  typeof value === 'string' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  typeof value === 'boolean';
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** Checks a vector's metadata against the limits: keys, total size, filterable size. */
export function checkMetadata(metadata: unknown, nonFilterable: ReadonlySet<string>): Metadata {
  if (metadata === undefined || metadata === null) return {};
  if (!isPlainObject(metadata)) throw invalid('metadata must be a JSON object');
  const entries = Object.entries(metadata);
  if (entries.length > LIMITS.maxMetadataKeys) {
    throw invalid(`A vector may have at most ${LIMITS.maxMetadataKeys} metadata keys`);
  }
  for (const [name, value] of entries) {
    const ok = isPrimitive(value) || (Array.isArray(value) && value.length > 0 && value.every(isPrimitive));
    if (!ok)
      throw invalid(`Invalid metadata value for key '${name}': a string, number, boolean or a list of them`);
  }
  if (bytes(metadata) > LIMITS.maxMetadataBytes) {
    throw invalid(`Metadata exceeds the ${LIMITS.maxMetadataBytes / 1024} KB limit per vector`);
  }
  const filterable = Object.fromEntries(entries.filter(([name]) => !nonFilterable.has(name)));
  if (bytes(filterable) > LIMITS.maxFilterableMetadataBytes) {
    throw invalid(
      `Filterable metadata exceeds the ${LIMITS.maxFilterableMetadataBytes / 1024} KB limit per vector`,
    );
  }
  return metadata;
}

const equals = (value: unknown, operand: Primitive) =>
  Array.isArray(value) ? value.includes(operand) : value === operand;

function primitiveOperand(op: string, operand: unknown): Primitive {
  if (!isPrimitive(operand)) throw invalid(`${op} takes a string, number or boolean`);
  return operand;
}

function listOperand(op: string, operand: unknown): Primitive[] {
  if (!Array.isArray(operand) || operand.length === 0 || !operand.every(isPrimitive)) {
    throw invalid(`${op} takes a non-empty list of strings, numbers or booleans`);
  }
  return operand;
}

function numberOperand(op: string, operand: unknown): number {
  if (typeof operand !== 'number' || !Number.isFinite(operand)) throw invalid(`${op} takes a number`);
  return operand;
}

function fieldCondition(op: string, operand: unknown): (value: unknown) => boolean {
  switch (op) {
    case '$eq': {
      const v = primitiveOperand(op, operand);
      return (value) => equals(value, v);
    }
    case '$ne': {
      const v = primitiveOperand(op, operand);
      return (value) => value !== undefined && !equals(value, v);
    }
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      const v = numberOperand(op, operand);
      const test =
        op === '$gt'
          ? (x: number) => x > v
          : op === '$gte'
            ? (x: number) => x >= v
            : op === '$lt'
              ? (x: number) => x < v
              : (x: number) => x <= v;
      return (value) => typeof value === 'number' && test(value);
    }
    case '$in': {
      const list = listOperand(op, operand);
      return (value) => value !== undefined && list.some((v) => equals(value, v));
    }
    case '$nin': {
      const list = listOperand(op, operand);
      return (value) => value !== undefined && !list.some((v) => equals(value, v));
    }
    case '$exists': {
      if (typeof operand !== 'boolean') throw invalid('$exists takes a boolean');
      return (value) => (value !== undefined) === operand;
    }
    default:
      throw invalid(`Unsupported filter operator: ${op}`);
  }
}

/**
 * The query's metadata filter, checked and compiled once: `{ field: value }` (equality),
 * `{ field: { $op: operand } }`, `$and` / `$or` over lists of filters; several entries all hold.
 * Keys the index declared non-filterable are never matched.
 */
export function compileFilter(filter: unknown, nonFilterable: ReadonlySet<string>): MetadataFilter {
  if (!isPlainObject(filter) || Object.keys(filter).length === 0) {
    throw invalid('filter must be a non-empty JSON object');
  }
  const parts = Object.entries(filter).map(([name, value]): MetadataFilter => {
    if (name === '$and' || name === '$or') {
      if (!Array.isArray(value) || value.length === 0)
        throw invalid(`${name} takes a non-empty list of filters`);
      const subs = value.map((sub) => compileFilter(sub, nonFilterable));
      return name === '$and' ? (m) => subs.every((s) => s(m)) : (m) => subs.some((s) => s(m));
    }
    if (name.startsWith('$')) throw invalid(`Unsupported filter operator: ${name}`);
    const conditions =
      isPlainObject(value) && Object.keys(value).every((key) => key.startsWith('$'))
        ? Object.entries(value).map(([op, operand]) => fieldCondition(op, operand))
        : [fieldCondition('$eq', value)];
    if (conditions.length === 0) throw invalid(`Empty condition for '${name}'`);
    if (nonFilterable.has(name)) return () => false;
    return (m) => conditions.every((c) => c(m[name]));
  });
  return parts.length === 1 ? (parts[0] as MetadataFilter) : (m) => parts.every((p) => p(m));
}
