import type { Listing } from '../listing';

export type ClaimStatus = 'pending' | 'approved' | 'refused';

/** An organization's request to keep a place's listing. */
export interface Claim {
  id: string;
  placeId: number;
  organizationId: string;
  organizationName: string;
  requestedById: string;
  requestedByName: string;
  requestedAt: string;
  status: ClaimStatus;
  decidedAt: string | null;
  decidedBy: string | null;
  /** Why it was refused (or a note with an approval). */
  reason: string | null;
}

export type NewClaim = Omit<Claim, 'status' | 'decidedAt' | 'decidedBy' | 'reason'>;

/** A place an organization keeps: at most one a place. */
export interface Ownership {
  placeId: number;
  organizationId: string;
  organizationName: string;
  since: string;
  /** The number of edits so far: an edit applies at the version its editor read. */
  version: number;
  /** When the owner last edited (or confirmed) the listing; null before the first edit. */
  updatedAt: string | null;
  /** The fields the owner has set, as they set them: a later import leaves these alone. */
  listing: Partial<Listing>;
}

/** One edit of a listing, kept for the history: who, when, the fields before and after. */
export interface ListingEditRecord {
  id: number;
  placeId: number;
  organizationId: string;
  authorId: string;
  authorName: string;
  at: string;
  /** The listing's version this edit made. */
  version: number;
  before: Partial<Listing>;
  after: Partial<Listing>;
  /** The edit this one undid, if it is an undo. */
  undoes: number | null;
}

export type NewListingEdit = Omit<ListingEditRecord, 'id' | 'version'>;

/** A code mailed to a place's own address to prove a claim: its hash only, kept with its claim. */
export interface ClaimCode {
  claimId: string;
  /** SHA-256 of the claim's id and the code (claim-code.ts). */
  hash: string;
  sentTo: string;
  expiresAt: string;
  /** Codes typed so far, right or wrong. */
  attempts: number;
}

/** What the latest import of a place would have changed of what its owner set: the file's values, by field. */
export interface ImportDifferences {
  at: string;
  fields: Partial<Listing>;
}

export type ClaimRefusal = 'owned' | 'pending';
export type DecisionRefusal = 'not_found' | 'not_pending' | 'owned';

export interface OwnerStore {
  /** A new pending claim; refused while the place has an owner or the organization has a claim on it pending. */
  requestClaim(claim: NewClaim): Promise<Claim | ClaimRefusal>;
  claim(id: string): Promise<Claim | null>;
  /** The latest answered claims, the last answered first. */
  answeredClaims(limit: number): Promise<Claim[]>;
  /** Claims, the newest first, by status, organization or place. */
  claims(filter: { status?: ClaimStatus; organizationId?: string; placeId?: number }): Promise<Claim[]>;
  /** Approves (the organization becomes the owner, in the same transaction) or refuses a pending claim. */
  decideClaim(id: string, decision: { approve: boolean; by: string; at: string; reason: string | null }): Promise<Claim | DecisionRefusal>;
  /** Keeps a new code for a claim, in place of an earlier one (its attempts start again). */
  setClaimCode(code: Omit<ClaimCode, 'attempts'>): Promise<void>;
  claimCode(claimId: string): Promise<ClaimCode | null>;
  /** Counts one code typed for the claim: the attempts so far, this one included (0 when no code was sent). */
  countCodeAttempt(claimId: string): Promise<number>;
  /** Replaces what the latest import would have changed of the place's owned fields (null: nothing). */
  setImportDifferences(placeId: number, differences: ImportDifferences | null): Promise<void>;
  importDifferences(placeId: number): Promise<ImportDifferences | null>;
  /** Removes the answered fields of the import of `at` (none when a later import replaced it); the row goes when empty. */
  dropImportDifferences(placeId: number, at: string, fields: string[]): Promise<void>;
  ownership(placeId: number): Promise<Ownership | null>;
  /** The places an organization keeps, by place id. */
  ownedBy(organizationId: string): Promise<Ownership[]>;
  /** Every ownership with the fields its owner set (for imports). */
  allOwnerships(): Promise<Ownership[]>;
  /** Ends an ownership (an operator's decision); its history stays. False when the place had no owner. */
  release(placeId: number): Promise<boolean>;
  /**
   * Records an edit at `expectedVersion` by the owning organization: the ownership's version moves on and its
   * listing takes the edit's fields. The current ownership instead when the version moved (another editor) or the
   * organization no longer owns the place (null).
   */
  recordEdit(edit: NewListingEdit, expectedVersion: number): Promise<{ ok: true; edit: ListingEditRecord } | { ok: false; current: Ownership | null }>;
  /** Takes back an edit whose place could not be written, while it is still the last one: the version and listing it replaced return. */
  revertEdit(edit: ListingEditRecord, previous: Ownership): Promise<void>;
  /** The edits the place's current owner made (since `ownership.since`), the newest first. */
  edits(ownership: Pick<Ownership, 'placeId' | 'organizationId' | 'since'>, limit: number): Promise<ListingEditRecord[]>;
  /**
   * Runs `fn` while no other edit of the place runs, on any instance: an edit's history and its place are written in
   * that order, one edit after the other.
   */
  exclusively<T>(placeId: number, fn: () => Promise<T>): Promise<T>;
  edit(id: number): Promise<ListingEditRecord | null>;
  /** One line for the start-up log: the engine and where its data is. */
  describe(): string;
  close(): void | Promise<void>;
}
