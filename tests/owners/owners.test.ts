// Issue 53: organizations claim places and keep their listings, on both engines, against the real server: claims
// and their answers, edits by the rules and their refusals, every search seeing an edit, the history and its undo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/http/http-error';
import { addDays, isoDate } from '@/lib/places/status';
import type { OrganizationMember } from '@/lib/owners/roles';
import { confirmClaimCode, sendClaimCode } from '@/lib/owners/claim-code';
import { answerClaim, claimsQueue } from '@/lib/owners/claims-queue';
import { claimPlace, decideClaim, editListing, listingHistory, listingView, organizationPlaces, undoEdit } from '@/lib/owners/service';
import { ownerDeps } from '@/lib/owners/store-registry';
import { answerImportDifferences } from '@/lib/owners/import-answer';
import { ownedOverlay, reapplyEditsDuringImport, recordImportDifferences } from '@/lib/owners/import-overlay';
import { placeOwnerLookup } from '@/lib/reviews/place-owner';
import { RV_SERVICED_MAKES } from '@/lib/places/catalog';
import { type PlacesBackend, type PlacesTestServer, setPlacesBackend, startPlacesServer } from '../places/support/places-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const summit = { organizationId: 'org-summit-rv', organizationName: 'Summit RV Dealers Group' };
const advisor: OrganizationMember = { id: 'user-advisor', name: 'Sam Advisor', ...summit, admin: false, roles: ['Service Advisor'] };
const sales: OrganizationMember = { id: 'user-sales', name: 'Dan Dealer', ...summit, admin: false, roles: ['Sales Associate'] };
const summitAdmin: OrganizationMember = { id: 'user-admin', name: 'Ada Admin', ...summit, admin: true, roles: [] };
const roamwell: OrganizationMember = { id: 'user-roam', name: 'Rita Roamwell', organizationId: 'org-roamwell', organizationName: 'Roamwell RV Rentals', admin: true, roles: [] };

/** The HttpError a call throws, as status and code. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; code: string; message: string; extra: HttpError['extra'] }> {
  try {
    await call;
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, code: err.code, message: err.message, extra: err.extra };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe.each<PlacesBackend>(['sqlite', 'postgres'])('on %s', (backend) => {
  let s: PlacesTestServer;
  let dealer: Json;
  let newMake: string;
  let elsewhere: Json;
  let others: Json[];
  const today = isoDate(new Date());

  beforeAll(async () => {
    setPlacesBackend(backend);
    s = await startPlacesServer();
    const page = (await s.json<Json>('/api/v2/search?locations=country:US&rv_service_serviced_makes=Jayco&sort=name&limit=20')).body.data as Json[];
    dealer = page.find((p) => RV_SERVICED_MAKES.some((m) => !p.rv_service.serviced_makes.includes(m)))!;
    newMake = RV_SERVICED_MAKES.find((m) => !dealer.rv_service.serviced_makes.includes(m))!;
    elsewhere = page.find((p) => p.id !== dealer.id)!;
    others = page.filter((p) => p.id !== dealer.id && p.id !== elsewhere.id);
  });
  afterAll(async () => {
    await s?.close();
    setPlacesBackend('sqlite');
  });

  it('takes a claim from a keeper of the organization only, once, and refuses one on a place that has an owner', async () => {
    const deps = ownerDeps();
    expect(await refusal(claimPlace(deps, sales, dealer.id))).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await refusal(claimPlace(deps, advisor, 999_999_999))).toMatchObject({ status: 404 });
    const claim = await claimPlace(deps, advisor, dealer.id);
    expect(claim).toMatchObject({ placeId: dealer.id, organizationId: summit.organizationId, status: 'pending', requestedByName: 'Sam Advisor' });
    expect(await refusal(claimPlace(deps, summitAdmin, dealer.id))).toMatchObject({ status: 409, code: 'claim_pending' });
    const other = await claimPlace(deps, roamwell, dealer.id);
    expect((await listingView(deps, dealer.id, advisor)).pendingClaim?.id).toBe(claim.id);

    expect(await refusal(decideClaim(deps, claim.id, { approve: false, by: 'operator' }))).toMatchObject({ status: 400, code: 'invalid_parameter' });
    expect(await decideClaim(deps, claim.id, { approve: true, by: 'operator' })).toMatchObject({ status: 'approved', decidedBy: 'operator' });
    expect(await deps.store.claim(other.id)).toMatchObject({ status: 'refused', reason: 'Another organization keeps this place: Summit RV Dealers Group.' });
    expect(await refusal(decideClaim(deps, claim.id, { approve: true, by: 'operator' }))).toMatchObject({ status: 409, code: 'claim_decided' });
    expect(await refusal(claimPlace(deps, roamwell, dealer.id))).toMatchObject({ status: 409, code: 'already_owned' });

    const view = await listingView(deps, dealer.id, advisor);
    expect(view).toMatchObject({ owner: { organizationName: summit.organizationName, version: 0, updatedAt: null }, mayEdit: true, mayClaim: false });
    expect((await listingView(deps, dealer.id, sales)).mayEdit).toBe(false);
    expect((await organizationPlaces(deps, advisor)).owned).toEqual([expect.objectContaining({ placeId: dealer.id, name: dealer.name })]);
  });

  it('lists the claims for the platform’s moderators, the longest waiting first, and takes their answer with a reason for a refusal', async () => {
    const deps = ownerDeps();
    const mailed: string[] = [];
    let mailWorks = true;
    let minutes = 0;
    const answering = {
      ...deps,
      // Later than any other answer of this file, so that these two are the latest answered.
      now: () => new Date(Date.UTC(2030, 0, 1, 10, minutes++)),
      tell: async (claim: { id: string; status: string }) => {
        if (!mailWorks) throw new Error('SMTP refused');
        mailed.push(`${claim.status} ${claim.id}`);
        return 'mailed' as const;
      },
    };
    const first = await claimPlace(answering, advisor, elsewhere.id);
    const second = await claimPlace(answering, roamwell, elsewhere.id);
    const queue = await claimsQueue(deps);
    expect(queue.pending.map((c) => c.id).slice(-2)).toEqual([first.id, second.id]);
    expect(queue.pending.find((c) => c.id === first.id)).toMatchObject({ name: elsewhere.name, organizationName: summit.organizationName, requestedByName: 'Sam Advisor' });

    for (const [body, parameter] of [[{ action: 'refuse' }, 'reason'], [{ action: 'refuse', reason: '  ' }, 'reason'], [{ action: 'refuse', reason: '<b>no</b>' }, 'reason'], [{ action: 'hide' }, 'action'], [null, 'action'], [{ action: 'approve', extra: 1 }, '']] as const) {
      const refused = await refusal(answerClaim(answering, 'mo', first.id, body));
      expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, code: 'invalid_parameter' });
      if (parameter) expect(refused.extra.parameter).toBe(parameter);
    }
    expect(await refusal(answerClaim(answering, 'mo', 'no-such-claim', { action: 'approve' }))).toMatchObject({ status: 404, code: 'not_found' });
    expect(mailed).toEqual([]);

    mailWorks = false;
    const refused = await answerClaim(answering, 'mo', second.id, { action: 'refuse', reason: 'Roamwell rents RVs; it does not run this dealer.' });
    expect(refused).toEqual({ claim: expect.objectContaining({ id: second.id, status: 'refused', decidedBy: 'mo', name: elsewhere.name }), told: 'mail_failed' });
    mailWorks = true;
    expect(await answerClaim(answering, 'mo', first.id, { action: 'approve' })).toEqual({ claim: expect.objectContaining({ status: 'approved', decidedBy: 'mo' }), told: 'mailed' });
    expect(mailed).toEqual([`approved ${first.id}`]);
    expect(await refusal(answerClaim(answering, 'mo', first.id, { action: 'approve' }))).toMatchObject({ status: 409, code: 'claim_decided' });

    const after = await claimsQueue(deps);
    expect(after.pending.map((c) => c.id)).not.toContain(first.id);
    expect(after.answered.slice(0, 2).map((c) => c.id)).toEqual([first.id, second.id]);
    expect(after.answered[1].reason).toBe('Roamwell rents RVs; it does not run this dealer.');
    expect(await deps.store.release(elsewhere.id)).toBe(true);
  });

  it('approves a claim proved by the code mailed to the place’s own address, and refuses a wrong, late or unmailable one', async () => {
    const [proved, noEmail, limited] = others.slice(backend === 'sqlite' ? 0 : 3);
    const mails: { to: string; code: string; organization: string }[] = [];
    let mailWorks = true;
    let clock = Date.parse('2026-12-03T10:00:00.000Z');
    const deps = {
      ...ownerDeps(),
      limits: undefined,
      now: () => new Date(clock),
      mailCode: async (to: string, code: string, organization: string) => {
        if (!mailWorks) throw new Error('SMTP refused');
        mails.push({ to, code, organization });
      },
    };
    const lastCode = () => mails[mails.length - 1].code;
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    expect(await refusal(sendClaimCode(deps, sales, proved.id))).toMatchObject({ status: 403 });
    mailWorks = false;
    expect(await refusal(sendClaimCode(deps, advisor, proved.id))).toMatchObject({ status: 502, code: 'mail_failed' });
    expect((await listingView(deps, proved.id, advisor)).pendingClaim).toMatchObject({ status: 'pending' });
    mailWorks = true;
    const { claim, sentTo } = await sendClaimCode(deps, advisor, proved.id);
    expect(sentTo).toBe(proved.contact_info.email);
    expect(mails).toEqual([{ to: proved.contact_info.email, code: expect.stringMatching(/^\d{6}$/), organization: summit.organizationName }]);
    expect(await listingView(deps, proved.id, advisor)).toMatchObject({ pendingClaim: { id: claim.id }, codeSentTo: proved.contact_info.email });

    for (const body of [{ code: '12345' }, { code: 'abcdef' }, {}, null]) {
      expect(await refusal(confirmClaimCode(deps, advisor, proved.id, body))).toMatchObject({ status: 400, code: 'invalid_parameter', extra: { parameter: 'code' } });
    }
    expect(await refusal(confirmClaimCode(deps, roamwell, proved.id, { code: lastCode() }))).toMatchObject({ status: 409, code: 'no_code' });
    expect(await refusal(confirmClaimCode(deps, advisor, proved.id, { code: wrong(lastCode()) }))).toMatchObject({ status: 400, code: 'wrong_code', message: 'This is not the code: 4 tries left.' });
    for (let i = 0; i < 4; i++) await refusal(confirmClaimCode(deps, advisor, proved.id, { code: wrong(lastCode()) }));
    // After five codes typed, not even the right one: a new code is needed.
    expect(await refusal(confirmClaimCode(deps, advisor, proved.id, { code: lastCode() }))).toMatchObject({ status: 429, code: 'too_many_attempts' });

    await sendClaimCode(deps, advisor, proved.id);
    clock += 31 * 60_000;
    expect(await refusal(confirmClaimCode(deps, advisor, proved.id, { code: lastCode() }))).toMatchObject({ status: 410, code: 'code_expired' });
    expect((await listingView(deps, proved.id, advisor)).codeSentTo).toBeNull();
    await sendClaimCode(deps, advisor, proved.id);
    const approved = await confirmClaimCode(deps, advisor, proved.id, { code: ` ${lastCode().slice(0, 3)} ${lastCode().slice(3)} ` });
    expect(approved).toMatchObject({ id: claim.id, status: 'approved', decidedBy: `a code mailed to ${proved.contact_info.email}` });
    expect((await deps.store.ownership(proved.id))?.organizationId).toBe(summit.organizationId);
    expect(await refusal(sendClaimCode(deps, roamwell, proved.id))).toMatchObject({ status: 409, code: 'already_owned' });

    const record = (await ownerDeps().places.record(noEmail.id))!;
    await ownerDeps().places.replace({ ...record, contact_info: { ...record.contact_info, email: '' } });
    expect(await refusal(sendClaimCode(deps, advisor, noEmail.id))).toMatchObject({ status: 409, code: 'no_place_email' });

    // Three codes a place a day, in the shared limit store.
    const limitedDeps = { ...deps, limits: ownerDeps().limits };
    for (let i = 0; i < 3; i++) await sendClaimCode(limitedDeps, advisor, limited.id);
    expect(await refusal(sendClaimCode(limitedDeps, advisor, limited.id))).toMatchObject({ status: 429, code: 'rate_limited' });
    for (const id of [proved.id]) await deps.store.release(id);
  });

  it('shows the owner what an import would have changed, field by field, to accept (an edit in the history) or keep', async () => {
    const deps = ownerDeps();
    const place = others[backend === 'sqlite' ? 6 : 7];
    await decideClaim(deps, (await claimPlace(deps, advisor, place.id)).id, { approve: true, by: 'operator' });
    await editListing(deps, advisor, place.id, { version: 0, description: 'Owner’s words.' });

    // An import of a file with its own description and phone: the owner's description is laid over, the phone is the file's.
    const importFile = async (description: string, owners: string) => {
      const overlay = ownedOverlay(await deps.store.allOwnerships());
      const record = (await deps.places.record(place.id))!;
      const applied = overlay.apply({ ...record, description, contact_info: { ...record.contact_info, phone: '+1 555 0100' } })!;
      expect(applied.place.description).toBe(owners);
      expect(applied.place.contact_info.phone).toBe('+1 555 0100');
      return recordImportDifferences(deps.store, overlay.written, '2026-12-03T10:00:00.000Z');
    };
    expect(await importFile('From the map.', 'Owner’s words.')).toBe(1);
    expect((await listingView(deps, place.id, advisor)).importDifferences).toEqual({ at: '2026-12-03T10:00:00.000Z', fields: { description: 'From the map.' } });
    expect((await listingView(deps, place.id, sales)).importDifferences).toBeNull();

    const answer = (member: OrganizationMember, body: unknown) => answerImportDifferences(deps, member, place.id, body);
    expect(await refusal(answer(sales, { version: 1, accept: ['description'] }))).toMatchObject({ status: 403 });
    expect(await refusal(answer(advisor, { accept: ['description'] }))).toMatchObject({ status: 400, extra: { parameter: 'version' } });
    expect(await refusal(answer(advisor, { version: 1, accept: ['hours'] }))).toMatchObject({ status: 400, message: 'accept: name fields the import differs in (description)' });
    expect(await refusal(answer(advisor, { version: 1, keep: 'description' }))).toMatchObject({ status: 400, extra: { parameter: 'keep' } });
    expect(await refusal(answer(advisor, { version: 1 }))).toMatchObject({ status: 400, extra: { parameter: 'accept' } });
    expect(await refusal(answer(advisor, { version: 1, accept: ['description'], keep: ['description'] }))).toMatchObject({ status: 400, extra: { parameter: 'keep' } });
    expect(await refusal(answer(advisor, { version: 0, accept: ['description'] }))).toMatchObject({ status: 409, code: 'version_conflict' });

    const accepted = await answer(advisor, { version: 1, accept: ['description'] });
    expect(accepted).toMatchObject({ listing: { description: 'From the map.' }, owner: { version: 2 }, importDifferences: null });
    expect((await deps.places.record(place.id))!.description).toBe('From the map.');
    expect((await listingHistory(deps, summitAdmin, place.id))[0]).toMatchObject({ authorName: 'Sam Advisor', before: { description: 'Owner’s words.' }, after: { description: 'From the map.' } });

    expect(await importFile('Yet another text.', 'From the map.')).toBe(1);
    expect((await answer(advisor, { version: 2, keep: ['description'] })).importDifferences).toBeNull();
    expect((await deps.places.record(place.id))!.description).toBe('From the map.');
    expect(await refusal(answer(advisor, { version: 2, keep: ['description'] }))).toMatchObject({ status: 400, message: 'keep: the latest import differs in nothing' });

    // An answer drops only its fields, and only of the import it answered: a newer import's stay.
    await deps.store.setImportDifferences(place.id, { at: '2026-12-03T11:00:00.000Z', fields: { description: 'a', hours: place.hours } });
    await deps.store.dropImportDifferences(place.id, '2026-12-03T10:00:00.000Z', ['description']);
    expect(Object.keys((await deps.store.importDifferences(place.id))!.fields).sort()).toEqual(['description', 'hours']);
    await deps.store.dropImportDifferences(place.id, '2026-12-03T11:00:00.000Z', ['description']);
    expect((await deps.store.importDifferences(place.id))!.fields).toEqual({ hours: place.hours });
    await deps.store.dropImportDifferences(place.id, '2026-12-03T11:00:00.000Z', ['hours']);
    expect(await deps.store.importDifferences(place.id)).toBeNull();
    await deps.store.release(place.id);
  });

  it('refuses what is not hours, closures or makes, and an edit by another organization, keeping the listing as it was', async () => {
    const deps = ownerDeps();
    const week = (day: string) => Object.fromEntries(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d) => [`${d}_open_close`, day]));
    const cases: [Json, string, RegExp][] = [
      [{ version: 0, hours: { '<default>': week('9-17, 16-18') } }, 'hours.<default>.sun_open_close', /overlap/],
      [{ version: 0, hours: { '<default>': week('22:00-02:00') } }, 'hours.<default>.sun_open_close', /ends before it starts/],
      [{ version: 0, hours: { '<default>': { mon_open_close: '9-5' } } }, 'hours.<default>.sun_open_close', /give every day of the week/],
      [{ version: 0, hours: { lunch: week('9-17') } }, 'hours', /schedules are named/],
      [{ version: 0, temporary_closures: [{ start_date: today, end_date: addDays(today, -1), reason: 'Holidays' }] }, 'temporary_closures.0.end_date', /ends on or after/],
      [{ version: 0, temporary_closures: [{ start_date: addDays(today, -400), end_date: addDays(today, -380), reason: 'Old' }] }, 'temporary_closures.0.end_date', /more than a year ago/],
      [{ version: 0, temporary_closures: [{ start_date: '2026-13-01', end_date: '2026-13-02', reason: 'x' }] }, 'temporary_closures.0.start_date', /not a real date/],
      [{ version: 0, temporary_closures: [{ start_date: today, end_date: '', reason: 'Holidays' }] }, 'temporary_closures.0.end_date', /^choose a date$/],
      [{ version: 0, rv_service: { serviced_makes: ['Tesla'], dealer_amenities: [], rental_available: false } }, 'rv_service.serviced_makes.0', /serviced makes are among/],
      [{ version: 0, description: 'x'.repeat(4001) }, 'description', /4000 characters/],
      [{ version: 0, contact_info: { phone: 'call us', email: '', website: '' } }, 'contact_info.phone', /phone/],
      [{ version: 0 }, 'listing', /at least one field/],
      [{ version: 0, name: 'New name' }, 'listing', /name: owners keep the hours/],
    ];
    for (const [body, parameter, message] of cases) {
      const r = await refusal(editListing(deps, advisor, dealer.id, body));
      expect(r, JSON.stringify(body).slice(0, 80)).toMatchObject({ status: 400, code: 'invalid_parameter' });
      expect((r.extra.body as Json).fields[parameter], JSON.stringify(r.extra.body)).toMatch(message);
    }
    expect(await refusal(editListing(deps, roamwell, dealer.id, { version: 0, description: 'Ours.' }))).toMatchObject({ status: 403, code: 'not_owner' });
    expect(await refusal(editListing(deps, sales, dealer.id, { version: 0, description: 'Mine.' }))).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await refusal(editListing(deps, advisor, dealer.id, { version: 3, description: 'Late.' }))).toMatchObject({ status: 409, code: 'version_conflict' });
    expect((await listingView(deps, dealer.id, advisor)).owner?.version).toBe(0);
    const unchanged = (await s.json<Json>(`/api/v2/canonical_places/${dealer.id}`)).body.data;
    expect(unchanged.description).toBe(dealer.description);
    expect(unchanged.owner_updated_on).toBeNull();
  });

  it('puts an edit in every search and details at once, keeps it in the history, and undoes it', async () => {
    const deps = ownerDeps();
    const start = addDays(today, 20);
    const end = addDays(today, 27);
    const makes = [...dealer.rv_service.serviced_makes, newMake];
    const view = await editListing(deps, advisor, dealer.id, {
      version: 0,
      temporary_closures: [{ start_date: start, end_date: end, reason: 'Closed for the holidays' }],
      rv_service: { serviced_makes: makes, dealer_amenities: ['Wi-Fi'], rental_available: true },
      hours: { '<default>': { sun_open_close: 'closed', mon_open_close: '8am-5pm', tue_open_close: '8-17', wed_open_close: '8-17', thu_open_close: '8-17', fri_open_close: '8am-noon, 1pm-5pm', sat_open_close: '' } },
    });
    expect(view.owner).toMatchObject({ version: 1, updatedAt: expect.any(String) });
    expect(view.listing.temporary_closures).toEqual([{ id: 1, start_date: start, end_date: end, reason: 'Closed for the holidays' }]);

    const details = async () => (await s.json<Json>(`/api/v2/canonical_places/${dealer.id}`)).body.data;
    await expect.poll(async () => (await details()).status).toEqual({ operating_normally: true, reason: `Temporarily closed from ${start} to ${end}: Closed for the holidays`, changes_at: start });
    const d = await details();
    expect(d.hours['<default>'].fri_open_close).toEqual(['08:00-12:00', '13:00-17:00']);
    expect(d.rv_service).toMatchObject({ serviced_makes: makes, dealer_amenities: ['Wi-Fi'], rental_available: true });
    expect(d.name).toBe(dealer.name);
    expect(d.owner_updated_on).toBe(today);
    // A search by the new make finds it (on PostgreSQL within the replica's delay).
    const byMake = `/api/v2/search?locations=country:US&rv_service_serviced_makes=${encodeURIComponent(newMake)}&sort=name&limit=100&name=${encodeURIComponent(dealer.name)}`;
    await expect.poll(async () => ((await s.json<Json>(byMake)).body.data as Json[]).map((p) => p.id)).toContain(dealer.id);

    // A second editor who read version 0 sees the first one's change.
    const conflict = await refusal(editListing(deps, summitAdmin, dealer.id, { version: 0, description: 'Stale.' }));
    expect(conflict).toMatchObject({ status: 409, code: 'version_conflict' });
    expect((conflict.extra.body as Json).listing.listing.rv_service.serviced_makes).toEqual(makes);

    expect(await refusal(listingHistory(deps, advisor, dealer.id))).toMatchObject({ status: 403 });
    const [edit] = await listingHistory(deps, summitAdmin, dealer.id);
    expect(edit).toMatchObject({ version: 1, authorName: 'Sam Advisor', undoes: null });
    expect(Object.keys(edit.after).sort()).toEqual(['hours', 'rv_service', 'temporary_closures']);
    expect(edit.before.temporary_closures).toEqual(dealer.temporary_closures);

    expect(await refusal(undoEdit(deps, summitAdmin, dealer.id, edit.id, { version: 0 }))).toMatchObject({ status: 409, code: 'version_conflict' });
    expect(await refusal(undoEdit(deps, advisor, dealer.id, edit.id, { version: 1 }))).toMatchObject({ status: 403 });
    const undone = await undoEdit(deps, summitAdmin, dealer.id, edit.id, { version: 1 });
    expect(undone.owner?.version).toBe(2);
    await expect.poll(async () => (await details()).temporary_closures).toEqual(dealer.temporary_closures);
    expect((await details()).rv_service.serviced_makes).toEqual(dealer.rv_service.serviced_makes);
    const history = await listingHistory(deps, summitAdmin, dealer.id);
    expect(history.map((h) => [h.version, h.undoes])).toEqual([[2, edit.id], [1, null]]);
  });

  it('keeps a place under its id when it is named by a previous one, confirms an unchanged listing, and gives a new owner a history of its own', async () => {
    const deps = ownerDeps();
    // Saving what the listing holds changes nothing (whatever order the engine gives the keys back in): a confirmation.
    const before = await listingView(deps, dealer.id, advisor);
    const reversed = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).reverse()) as T;
    const hours = Object.fromEntries(Object.entries(before.listing.hours).map(([name, week]) => [name, reversed(week!)]));
    await editListing(deps, advisor, dealer.id, { version: before.owner!.version, hours, contact_info: reversed(before.listing.contact_info) });
    const [confirmation] = await listingHistory(deps, summitAdmin, dealer.id);
    expect(confirmation).toMatchObject({ version: before.owner!.version + 1, before: {}, after: {} });
    expect(await refusal(undoEdit(deps, summitAdmin, dealer.id, confirmation.id, { version: before.owner!.version + 1 }))).toMatchObject({ status: 409, code: 'nothing_to_undo' });

    // A place asked for by a previous id is the place of its id now.
    const page = (await s.json<Json>('/api/v2/search?locations=country:US&sort=name&limit=50')).body.data as Json[];
    let renamed: Json | undefined;
    for (const p of page) {
      const d = (await s.json<Json>(`/api/v2/canonical_places/${p.id}`)).body.data;
      if (d.previous_ids.length && p.id !== dealer.id) {
        renamed = d;
        break;
      }
    }
    expect(renamed).toBeTruthy();
    const claim = await claimPlace(deps, advisor, renamed!.previous_ids[0]);
    expect(claim.placeId).toBe(renamed!.id);
    expect((await listingView(deps, renamed!.previous_ids[0], advisor)).placeId).toBe(renamed!.id);

    // An import that ran while the owner edited wrote the file's RV service over what the owner set (the undo put it
    // back as it was): written again after the import. Only what the owner set is.
    const kept = (await deps.places.record(dealer.id))!;
    await deps.places.replace({ ...kept, rv_service: { ...kept.rv_service!, serviced_makes: [newMake] } });
    expect(await reapplyEditsDuringImport(deps.store, deps.places, confirmation.at)).toBe(1);
    expect((await deps.places.record(dealer.id))!.rv_service).toEqual(kept.rv_service);

    // Released and kept by another organization: the earlier owner's edits are not in its history, nor its to undo.
    const oldEdits = await listingHistory(deps, summitAdmin, dealer.id);
    expect(await deps.store.release(dealer.id)).toBe(true);
    const theirs = await claimPlace(deps, roamwell, dealer.id);
    await decideClaim(deps, theirs.id, { approve: true, by: 'operator' });
    expect(await listingHistory(deps, roamwell, dealer.id)).toEqual([]);
    const undoTheirs = undoEdit(deps, roamwell, dealer.id, oldEdits.at(-1)!.id, { version: 0 });
    expect(await refusal(undoTheirs)).toMatchObject({ status: 404 });
  });

  it('tells the reviews who owns a place at once, so its keepers answer its reviews as the organization', async () => {
    const ownerOf = placeOwnerLookup()!;
    expect(await ownerOf(dealer.id)).toEqual({ organizationId: 'org-roamwell', organizationName: 'Roamwell RV Rentals' });
    await ownerDeps().store.release(dealer.id);
    expect(await ownerOf(dealer.id)).toBeNull();
  });
});

