import { HttpError } from '@/lib/http/http-error';
import { type Listing, type OwnedField, pick } from './listing';
import type { OrganizationMember } from './roles';
import { applyEdit, conflict, listingView, type ListingView, type OwnerDeps, ownedByMember, spendEdit } from './service';

const fieldList = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? [] : null);

/**
 * The owner's answer to what the latest import would have changed: `{ version, accept: [fields], keep: [fields] }`.
 * Accepted fields take the file's values as an edit of its own (in the history, undone like any); kept ones stay the
 * owner's. Either way they leave the list.
 */
export async function answerImportDifferences(deps: OwnerDeps, member: OrganizationMember, placeId: number, body: unknown): Promise<ListingView> {
  const owner = await ownedByMember(deps, member, placeId);
  const { version, accept, keep } = (body ?? {}) as { version?: unknown; accept?: unknown; keep?: unknown };
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    throw new HttpError(400, 'invalid_parameter', 'version: give the version of the listing you read (a whole number)', { parameter: 'version' });
  }
  const differences = await deps.store.importDifferences(owner.placeId);
  const offered = Object.keys(differences?.fields ?? {});
  const [accepted, kept] = [fieldList(accept), fieldList(keep)];
  for (const [name, list] of [['accept', accepted], ['keep', kept]] as const) {
    const unknown = list === null ? list : list.find((f) => typeof f !== 'string' || !offered.includes(f));
    if (list === null || unknown !== undefined) {
      const message = offered.length ? `${name}: name fields the import differs in (${offered.join(', ')})` : `${name}: the latest import differs in nothing`;
      throw new HttpError(400, 'invalid_parameter', message, { parameter: name });
    }
  }
  if (accepted!.length + kept!.length === 0) throw new HttpError(400, 'invalid_parameter', 'accept: name at least one field to accept or keep', { parameter: 'accept' });
  if (accepted!.some((f) => kept!.includes(f))) throw new HttpError(400, 'invalid_parameter', 'keep: a field is accepted or kept, not both', { parameter: 'keep' });
  if (version !== owner.version) throw conflict(await listingView(deps, owner.placeId, member));

  if (accepted!.length) {
    await spendEdit(deps, member);
    await applyEdit(deps, member, owner.placeId, version, () => pick(differences!.fields as Listing, accepted as OwnedField[]), null);
  }
  // Only the fields answered, of this import: another editor's answer or a newer import meanwhile stays.
  await deps.store.dropImportDifferences(owner.placeId, differences!.at, [...accepted!, ...kept!] as string[]);
  return listingView(deps, owner.placeId, member);
}
