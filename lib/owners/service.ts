import crypto from 'node:crypto';
import { HttpError } from '@/lib/http/http-error';
import type { LimitRule, LimitStore } from '@/lib/limits';
import type { PlaceRecords } from '@/lib/places/place-records';
import { isoDate } from '@/lib/places/status';
import { invalidInput } from '@/lib/reviews/write-review';
import { changedFields, type Listing, listingOf, pick, withListing } from './listing';
import { listingEditInput, listingFieldsOf } from './listing-input';
import { placeNames } from './place-names';
import { keepsListings, LISTING_ROLES, type OrganizationMember } from './roles';
import type { Claim, ImportDifferences, ListingEditRecord, Ownership, OwnerStore } from './store/types';

export interface OwnerDeps {
  store: OwnerStore;
  places: PlaceRecords;
  now: () => Date;
  /** Absent in a test of the rules alone. */
  limits?: LimitStore;
}

/** Edits one person may make in an hour, and one organization: a busy office, not a script. */
export const EDITS_PER_PERSON: LimitRule = { name: 'listing-edits-person', points: 60, durationSec: 3600 };
export const EDITS_PER_ORGANIZATION: LimitRule = { name: 'listing-edits-organization', points: 300, durationSec: 3600 };
/** Claims one person may send a day. */
export const CLAIMS_PER_PERSON: LimitRule = { name: 'place-claims-person', points: 20, durationSec: 86_400 };
/** How many of a place's edits the history shows. */
export const HISTORY_LENGTH = 100;

export async function spend(limits: LimitStore | undefined, rule: LimitRule, key: string, message: string): Promise<void> {
  if (!limits) return;
  const verdict = await limits.limiter(rule).consume(key);
  if (!verdict.allowed) throw new HttpError(429, 'rate_limited', message, { headers: { 'retry-after': String(verdict.retryAfterSeconds) } });
}

export function requireKeeper(member: OrganizationMember): void {
  if (!keepsListings(member)) {
    throw new HttpError(
      403,
      'forbidden',
      `Only administrators of ${member.organizationName} and members with the role ${LISTING_ROLES.join(', ')} keep its places.`,
    );
  }
}

export async function requirePlace(deps: Pick<OwnerDeps, 'places'>, placeId: number) {
  const record = await deps.places.record(placeId);
  if (!record) throw new HttpError(404, 'not_found', 'No place has this id.');
  return record;
}

/** What the Explorer shows of a place's owner: who keeps it and since when, and when they last edited it. */
export interface OwnerView {
  placeId: number;
  organizationId: string;
  organizationName: string;
  since: string;
  updatedAt: string | null;
  version: number;
}

const ownerView = (o: Ownership): OwnerView => ({
  placeId: o.placeId,
  organizationId: o.organizationId,
  organizationName: o.organizationName,
  since: o.since,
  updatedAt: o.updatedAt,
  version: o.version,
});

export interface ListingView {
  placeId: number;
  owner: OwnerView | null;
  /** The fields an owner keeps, as the place has them now. */
  listing: Listing;
  /** Whether the reader may edit them (a keeper of the owning organization). */
  mayEdit: boolean;
  /** Whether the reader reads the history and undoes edits (an administrator of the owning organization). */
  mayReadHistory: boolean;
  /** Whether the reader may claim the place for their organization, and their organization's pending claim. */
  mayClaim: boolean;
  pendingClaim: Claim | null;
  /** Where the code proving the pending claim went, while it holds. */
  codeSentTo: string | null;
  /** For its editors: what the latest import would have changed of what the owner set, to accept or keep. */
  importDifferences: ImportDifferences | null;
}

/**
 * A place's listing as its reader may act on it; `member` null for a visitor or a person without an organization.
 * A previous id of the place answers for it: owners, claims and edits are kept under its id now.
 */
export async function listingView(deps: OwnerDeps, placeId: number, member: OrganizationMember | null): Promise<ListingView> {
  const record = await requirePlace(deps, placeId);
  const owner = await deps.store.ownership(record.id);
  const listing = listingOf(withListing(record, owner?.listing ?? {}));
  const keeper = member !== null && keepsListings(member);
  const pendingClaim = keeper && !owner ? ((await deps.store.claims({ placeId: record.id, organizationId: member!.organizationId, status: 'pending' }))[0] ?? null) : null;
  const code = pendingClaim && (await deps.store.claimCode(pendingClaim.id));
  return {
    placeId: record.id,
    owner: owner && ownerView(owner),
    listing,
    mayEdit: keeper && owner?.organizationId === member!.organizationId,
    mayReadHistory: member !== null && member.admin && owner?.organizationId === member.organizationId,
    mayClaim: keeper && !owner && !pendingClaim,
    pendingClaim,
    codeSentTo: code && code.expiresAt > deps.now().toISOString() ? code.sentTo : null,
    importDifferences: keeper && owner?.organizationId === member!.organizationId ? await deps.store.importDifferences(record.id) : null,
  };
}

/** A keeper of the member's organization asks to keep the place: a pending claim, for a platform administrator to decide. */
export async function claimPlace(deps: OwnerDeps, member: OrganizationMember, placeId: number): Promise<Claim> {
  requireKeeper(member);
  const { id } = await requirePlace(deps, placeId);
  await spend(deps.limits, CLAIMS_PER_PERSON, member.id, 'You have sent the most claims a day: try again tomorrow.');
  const claim = await deps.store.requestClaim({
    id: crypto.randomUUID(),
    placeId: id,
    organizationId: member.organizationId,
    organizationName: member.organizationName,
    requestedById: member.id,
    requestedByName: member.name,
    requestedAt: deps.now().toISOString(),
  });
  const owner = claim === 'owned' ? await deps.store.ownership(id) : null;
  if (claim === 'owned') throw new HttpError(409, 'already_owned', `${owner?.organizationName ?? 'Another organization'} keeps this place already.`);
  if (claim === 'pending') throw new HttpError(409, 'claim_pending', `${member.organizationName} has asked for this place already: an administrator will answer.`);
  return claim;
}

/** An operator's or platform administrator's answer to a claim; a refusal says why. */
export async function decideClaim(deps: Pick<OwnerDeps, 'store' | 'now'>, claimId: string, decision: { approve: boolean; by: string; reason?: string | null }): Promise<Claim> {
  const reason = decision.reason?.trim() || null;
  if (!decision.approve && !reason) throw new HttpError(400, 'invalid_parameter', 'A refusal says why.', { parameter: 'reason' });
  const result = await deps.store.decideClaim(claimId, { approve: decision.approve, by: decision.by, at: deps.now().toISOString(), reason });
  if (result === 'not_found') throw new HttpError(404, 'not_found', `No claim has the id ${claimId}.`);
  if (result === 'not_pending') throw new HttpError(409, 'claim_decided', 'This claim has been answered already.');
  if (result === 'owned') throw new HttpError(409, 'already_owned', 'Another organization keeps this place already: refuse the claim, or release the place first.');
  return result;
}

/** The member's organization keeps the place (named by its id or a previous one), and the member is one of its keepers. */
export async function ownedByMember(deps: OwnerDeps, member: OrganizationMember, placeId: number): Promise<Ownership> {
  const owner = await deps.store.ownership((await requirePlace(deps, placeId)).id);
  if (!owner || owner.organizationId !== member.organizationId) {
    throw new HttpError(403, 'not_owner', `${member.organizationName} does not keep this place.`);
  }
  requireKeeper(member);
  return owner;
}

export function conflict(view: ListingView): HttpError {
  return new HttpError(409, 'version_conflict', 'Someone else changed this listing meanwhile: here it is as it is now.', { body: { listing: view } });
}

/**
 * Records the edit and writes the listing's changed fields to the place, one edit of the place at a time on every
 * instance (so the place never ends with an older edit than the history's last): the history first, taken back when
 * the place cannot be written. The version and the ownership are checked again under the lock.
 */
export async function applyEdit(
  deps: OwnerDeps,
  member: OrganizationMember,
  placeId: number,
  version: number,
  fieldsOf: (current: Listing) => Partial<Listing>,
  undoes: number | null,
): Promise<void> {
  await deps.store.exclusively(placeId, async () => {
    const owner = await deps.store.ownership(placeId);
    if (!owner || owner.organizationId !== member.organizationId) throw new HttpError(403, 'not_owner', `${member.organizationName} does not keep this place.`);
    if (owner.version !== version) throw conflict(await listingView(deps, placeId, member));
    // The owner store has the fields the owner set as they are now: they are laid over the place as stored.
    const record = withListing(await requirePlace(deps, placeId), owner.listing);
    const current = listingOf(record);
    const fields = fieldsOf(current);
    const changed = changedFields(current, fields);
    const at = deps.now().toISOString();
    const edit = { placeId, organizationId: member.organizationId, authorId: member.id, authorName: member.name, at, undoes };
    const result = await deps.store.recordEdit({ ...edit, before: pick(current, changed), after: pick({ ...current, ...fields }, changed) }, version);
    if (!result.ok) throw conflict(await listingView(deps, placeId, member));
    try {
      await deps.places.replace({ ...withListing(record, result.edit.after), owner_updated_on: isoDate(new Date(at)) });
    } catch (err) {
      await deps.store.revertEdit(result.edit, owner);
      throw err;
    }
  });
}

export async function spendEdit(deps: OwnerDeps, member: OrganizationMember): Promise<void> {
  await spend(deps.limits, EDITS_PER_PERSON, member.id, 'You have made the most edits an hour: try again later.');
  await spend(deps.limits, EDITS_PER_ORGANIZATION, member.organizationId, `${member.organizationName} has made the most edits an hour: try again later.`);
}

/**
 * `{ version, ...fields }`: the fields an owner changes (listing-input.ts), at the version they read. An edit that
 * changes nothing still counts: the owner confirmed the listing is current.
 */
export async function editListing(deps: OwnerDeps, member: OrganizationMember, placeId: number, body: unknown): Promise<ListingView> {
  const owner = await ownedByMember(deps, member, placeId);
  const parsed = listingEditInput(isoDate(deps.now())).safeParse(body);
  if (!parsed.success) {
    const { fields } = invalidInput(parsed.error.issues, 'listing');
    const [parameter, message] = Object.entries(fields)[0];
    throw new HttpError(400, 'invalid_parameter', `${parameter}: ${message}`, { parameter, body: { fields } });
  }
  const { version, ...edit } = parsed.data;
  if (edit.rv_service && !(await requirePlace(deps, owner.placeId)).rv_service) {
    throw new HttpError(400, 'invalid_parameter', 'rv_service: this place is not an RV service provider', { parameter: 'rv_service' });
  }
  if (version !== owner.version) throw conflict(await listingView(deps, owner.placeId, member));
  await spendEdit(deps, member);
  await applyEdit(deps, member, owner.placeId, version, (current) => listingFieldsOf(edit, current), null);
  return listingView(deps, owner.placeId, member);
}

/** The history of a place's listing: its organization's administrators read it. */
export async function listingHistory(deps: OwnerDeps, member: OrganizationMember, placeId: number): Promise<ListingEditRecord[]> {
  const owner = await ownedByMember(deps, member, placeId);
  if (!member.admin) throw new HttpError(403, 'forbidden', `Only administrators of ${member.organizationName} read a listing’s history.`);
  return deps.store.edits(owner, HISTORY_LENGTH);
}

/** Puts back what one edit changed (`{ version }`, the listing's version the administrator read): a new edit, in the history too. */
export async function undoEdit(deps: OwnerDeps, member: OrganizationMember, placeId: number, editId: number, body: unknown): Promise<ListingView> {
  const owner = await ownedByMember(deps, member, placeId);
  if (!member.admin) throw new HttpError(403, 'forbidden', `Only administrators of ${member.organizationName} undo an edit.`);
  const version = (body as { version?: unknown } | null)?.version;
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    throw new HttpError(400, 'invalid_parameter', 'version: give the version of the listing you read (a whole number)', { parameter: 'version' });
  }
  const edit = await deps.store.edit(editId);
  // The place's history as its owner reads it: the edits of an earlier owner are not this one's to undo.
  if (!edit || edit.placeId !== owner.placeId || edit.organizationId !== owner.organizationId || edit.at < owner.since) {
    throw new HttpError(404, 'not_found', 'This edit is not in the place’s history.');
  }
  if (Object.keys(edit.before).length === 0) throw new HttpError(409, 'nothing_to_undo', 'This edit changed nothing: there is nothing to undo.');
  if (version !== owner.version) throw conflict(await listingView(deps, owner.placeId, member));
  await spendEdit(deps, member);
  await applyEdit(deps, member, owner.placeId, version, () => edit.before, edit.id);
  return listingView(deps, owner.placeId, member);
}

/** The places the member's organization keeps and its claims, each with the place's name, for its list. */
export async function organizationPlaces(
  deps: OwnerDeps,
  member: OrganizationMember,
): Promise<{ owned: (OwnerView & { name: string })[]; claims: (Claim & { name: string })[] }> {
  const [owned, claims] = await Promise.all([deps.store.ownedBy(member.organizationId), deps.store.claims({ organizationId: member.organizationId })]);
  const names = await placeNames(deps.places, [...owned.map((o) => o.placeId), ...claims.map((c) => c.placeId)]);
  return {
    owned: owned.map((o) => ({ ...ownerView(o), name: names.get(o.placeId)! })),
    claims: claims.map((c) => ({ ...c, name: names.get(c.placeId)! })),
  };
}
