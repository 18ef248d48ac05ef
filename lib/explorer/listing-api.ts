import type { Listing } from '@/lib/owners/listing';
import type { Claim, ListingEditRecord } from '@/lib/owners/store/types';
import type { ListingView, OwnerView } from '@/lib/owners/service';
import { ExplorerApiError, sendJson } from './fetch-json';

export type { Claim, Listing, ListingEditRecord, ListingView, OwnerView };

/** A refusal of the listing handlers: the sentence for each field it names and, on a 409, the listing as it is now. */
export class ListingRequestError extends ExplorerApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly fields: Record<string, string>,
    readonly current: ListingView | null,
  ) {
    super(status, code, message);
  }
}

async function send<T>(url: string, method: string, body?: unknown): Promise<T> {
  const answer = await sendJson<{ data?: T; error?: { code?: string; message?: string }; fields?: Record<string, string>; listing?: ListingView }>(url, method, body);
  const data = answer.body;
  if (answer.ok && data?.data) return data.data;
  throw new ListingRequestError(
    answer.status,
    data?.error?.code ?? 'error',
    data?.error?.message ?? `The server answered ${answer.status}.`,
    data?.fields ?? {},
    data?.listing ?? null,
  );
}

/** An owner's edit as the form sends it: hours as typed, closures without ids for new ones. */
export interface ListingDraft {
  hours?: Record<string, Record<string, string>>;
  temporary_closures?: { id?: number; start_date: string; end_date: string; reason: string }[];
  contact_info?: Listing['contact_info'];
  description?: string;
  rv_service?: NonNullable<Listing['rv_service']>;
}

export const claimPlace = (placeId: number) => send<Claim>(`/api/places/${placeId}/claim`, 'POST');

export const saveListing = (placeId: number, version: number, draft: ListingDraft) => send<ListingView>(`/api/places/${placeId}/listing`, 'PUT', { version, ...draft });

export const undoListingEdit = (placeId: number, editId: number, version: number) =>
  send<ListingView>(`/api/places/${placeId}/listing/history/${editId}/undo`, 'POST', { version });

/** Mails a code to the place's own address for the caller's organization (claiming first if need be). */
export const sendClaimCode = (placeId: number) => send<{ claim: Claim; sentTo: string; minutes: number }>(`/api/places/${placeId}/claim/code`, 'POST');

/** The code from that e-mail: the right one makes the organization the place's owner. */
export const confirmClaimCode = (placeId: number, code: string) => send<Claim>(`/api/places/${placeId}/claim/confirm`, 'POST', { code });

/** Takes the latest import's values of some fields (`accept`) and keeps the owner's of others (`keep`). */
export const answerImportDifferences = (placeId: number, version: number, answer: { accept?: string[]; keep?: string[] }) =>
  send<ListingView>(`/api/places/${placeId}/listing/import-differences`, 'POST', { version, ...answer });
