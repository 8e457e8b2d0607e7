/**
 * The one UpdateExpression builder: `SET` for values, `REMOVE` for nulls; undefined fields are
 * left alone. ExpressionAttributeValues is omitted when empty (DynamoDB rejects an empty map).
 */
export function updateExpression(changes: Record<string, unknown>): {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
} {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (entries.length === 0) throw new Error('Nothing to update');
  const set = entries.filter(([, value]) => value !== null);
  const remove = entries.filter(([, value]) => value === null);
  const clauses = [
    set.length ? `SET ${set.map(([name]) => `#${name} = :${name}`).join(', ')}` : '',
    remove.length ? `REMOVE ${remove.map(([name]) => `#${name}`).join(', ')}` : '',
  ];
  return {
    UpdateExpression: clauses.filter(Boolean).join(' '),
    ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
    ...(set.length
      ? { ExpressionAttributeValues: Object.fromEntries(set.map(([name, value]) => [`:${name}`, value])) }
      : {}),
  };
}
