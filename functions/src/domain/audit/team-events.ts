import type { TeamEvent } from '../teams/ports.js';
import type { AuditAction, AuditDetails } from './audit.js';

/**
 * What a team event reads as in the audit log (issue 13): the action, its target and non-secret
 * details. Never the invitation's code or its hash (the event does not carry them): an invitation
 * is named by its address.
 */
export function teamEventRecord(event: TeamEvent): {
  action: AuditAction;
  target: string;
  details: AuditDetails;
} {
  const team = `team:${event.teamId}`;
  const base = { teamId: event.teamId };
  switch (event.type) {
    case 'team.created':
      return { action: 'team.created', target: team, details: base };
    case 'team.renamed':
      return { action: 'team.renamed', target: team, details: { ...base, from: event.from, to: event.to } };
    case 'team.deleted':
      return { action: 'team.deleted', target: team, details: { ...base, name: event.name } };
    case 'team.overage_cap_changed':
      return { action: 'team.overage_cap_changed', target: team, details: { ...base, capUsd: event.capUsd } };
    case 'member.invited':
      return {
        action: 'member.invited',
        target: `invitation:${event.email}`,
        details: { ...base, role: event.role },
      };
    case 'invitation.resent':
      return { action: 'member.invitation_resent', target: `invitation:${event.email}`, details: base };
    case 'invitation.revoked':
      return { action: 'member.invitation_revoked', target: `invitation:${event.email}`, details: base };
    case 'invitation.declined':
      return { action: 'member.invitation_declined', target: `invitation:${event.email}`, details: base };
    case 'member.joined':
      return {
        action: 'member.joined',
        target: `member:${event.actorId}`,
        details: { ...base, role: event.role, ...(event.admitted ? { admitted: true } : {}) },
      };
    case 'member.role_changed':
      return {
        action: 'member.role_changed',
        target: `member:${event.targetUserId}`,
        details: { ...base, from: event.from, to: event.to },
      };
    case 'member.removed':
      return { action: 'member.removed', target: `member:${event.targetUserId}`, details: base };
    case 'member.left':
      return { action: 'member.left', target: `member:${event.actorId}`, details: base };
    case 'team.ownership_transferred':
      return { action: 'team.ownership_transferred', target: `member:${event.targetUserId}`, details: base };
  }
}
