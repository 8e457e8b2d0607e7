/** Builds `SET #a = :a, ...` for the defined fields of `changes` (undefined fields are left alone). */
export function setExpression(changes: Record<string, unknown>): {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
} {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (entries.length === 0) throw new Error('Nothing to update');
  return {
    UpdateExpression: `SET ${entries.map(([name]) => `#${name} = :${name}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
  };
}
