import type { Claim, ClaimCode, ListingEditRecord, Ownership } from './types';

/** The rows both engines read, in one shape: timestamps as ISO text, listings as JSON text. */
export interface ClaimRow {
  id: string;
  place_id: number | string;
  organization_id: string;
  organization_name: string;
  requested_by_id: string;
  requested_by_name: string;
  requested_at: string;
  status: Claim['status'];
  decided_at: string | null;
  decided_by: string | null;
  reason: string | null;
}

export interface OwnershipRow {
  place_id: number | string;
  organization_id: string;
  organization_name: string;
  since: string;
  version: number;
  updated_at: string | null;
  listing: string;
}

export interface EditRow {
  id: number | string;
  place_id: number | string;
  organization_id: string;
  author_id: string;
  author_name: string;
  at: string;
  version: number;
  before: string;
  after: string;
  undoes: number | string | null;
}

export const claimFromRow = (r: ClaimRow): Claim => ({
  id: r.id,
  placeId: Number(r.place_id),
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  requestedById: r.requested_by_id,
  requestedByName: r.requested_by_name,
  requestedAt: r.requested_at,
  status: r.status,
  decidedAt: r.decided_at,
  decidedBy: r.decided_by,
  reason: r.reason,
});

export const ownershipFromRow = (r: OwnershipRow): Ownership => ({
  placeId: Number(r.place_id),
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  since: r.since,
  version: r.version,
  updatedAt: r.updated_at,
  listing: JSON.parse(r.listing),
});

export const editFromRow = (r: EditRow): ListingEditRecord => ({
  id: Number(r.id),
  placeId: Number(r.place_id),
  organizationId: r.organization_id,
  authorId: r.author_id,
  authorName: r.author_name,
  at: r.at,
  version: r.version,
  before: JSON.parse(r.before),
  after: JSON.parse(r.after),
  undoes: r.undoes === null ? null : Number(r.undoes),
});

export interface ClaimCodeRow {
  claim_id: string;
  code_hash: string;
  sent_to: string;
  expires_at: string;
  attempts: number;
}

export const claimCodeFromRow = (r: ClaimCodeRow): ClaimCode => ({ claimId: r.claim_id, hash: r.code_hash, sentTo: r.sent_to, expiresAt: r.expires_at, attempts: r.attempts });
