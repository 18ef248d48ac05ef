import type { AuditEntry } from '@/lib/identity-client/organization';

export type { AuditEntry };

interface MembershipState {
  administrator?: boolean;
  roles?: string[];
}

function membership(state: unknown): string {
  const m = (state ?? {}) as MembershipState;
  if (m.administrator) return 'an administrator';
  const roles = m.roles ?? [];
  return roles.length ? `a member (${roles.join(', ')})` : 'a member';
}

/** One audit event as a sentence an administrator reads: what happened to whom; the actor and time are shown beside it. */
export function describeAuditEntry(entry: AuditEntry): string {
  const d = entry.details;
  switch (entry.action) {
    case 'organization.created':
      return `Created the organization ${entry.subject}`;
    case 'role.created':
      return `Created the role ${entry.subject}`;
    case 'membership.added':
      return `Added ${entry.subject} as ${membership(d)}`;
    case 'membership.changed':
      return `Changed ${entry.subject} from ${membership(d.from)} to ${membership(d.to)}`;
    case 'membership.removed':
      return `Removed ${entry.subject} (was ${membership(d)})`;
    case 'invitation.created':
      return `Invited ${entry.subject} as ${membership(d)}`;
    case 'invitation.revoked':
      return `Revoked the invitation of ${entry.subject}`;
    case 'invitation.accepted':
      return `${entry.actor} accepted the invitation sent to ${entry.subject}`;
    case 'places_client.created':
      return `Created the Place API client ${entry.subject}`;
    case 'places_client.rotated':
      return typeof d.previousKeyValidHours === 'number' && d.previousKeyValidHours > 0
        ? `Rotated the secret key of ${entry.subject}; the previous key works for ${d.previousKeyValidHours} more hours`
        : `Rotated the secret key of ${entry.subject}; the previous key stopped working at once`;
    case 'places_client.disabled':
      return `Disabled the Place API client ${entry.subject}`;
    case 'places_client.enabled':
      return `Enabled the Place API client ${entry.subject}`;
    default:
      return `${entry.action.replace(/[._]/g, ' ')}: ${entry.subject}`;
  }
}

/** The entry with its actor and subject by their names where they are accounts with a name. */
export function withNames(entry: AuditEntry): AuditEntry {
  return { ...entry, actor: entry.actorName || entry.actor, subject: entry.subjectName || entry.subject };
}
