import type { AuditRecord } from '@agentforge/shared';

/** A person's or a thing's name by its id (an e-mail, a server's name, 'You'), when known. */
export type NameOf = (id: string) => string | undefined;

/** What the kind of a record's target (`member:<id>`, `mcp-server:<id>`, …) reads as. */
const TARGET_KINDS: Readonly<Record<string, string>> = {
  member: 'Member',
  user: 'Account',
  'mcp-server': 'Server',
  'api-key': 'API key',
  invitation: 'Invitation',
  'plan-step': 'Agent step',
  team: 'Team',
  conversation: 'Conversation',
};

/** An opaque id no name is known for (a UUID, hex), cut to its start: enough to tell two apart. */
const shortId = (id: string) => (/^[0-9a-f-]{13,}$/i.test(id) ? `${id.slice(0, 8)}…` : id);

/** What a record's actor reads as: you, a member's e-mail, a service, else a short id. */
export function actorLabel(record: Pick<AuditRecord, 'actor'>, nameOf: NameOf): string {
  if (record.actor === 'system:stripe') return 'Stripe (billing)';
  return nameOf(record.actor) ?? shortId(record.actor);
}

/** What a record's target reads as: 'Member ada@example.com', 'Server Everything', … */
export function targetLabel(target: string, nameOf: NameOf): string {
  if (!target) return '—';
  const colon = target.indexOf(':');
  if (colon < 0) return target;
  const kind = target.slice(0, colon);
  const id = target.slice(colon + 1);
  return `${TARGET_KINDS[kind] ?? kind} ${nameOf(id) ?? shortId(id)}`;
}
