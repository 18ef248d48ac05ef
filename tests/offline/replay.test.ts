import { describe, expect, it } from 'vitest';
import { ExplorerApiError } from '@/lib/explorer/fetch-json';
import type { QueuedEdit } from '@/lib/offline/device-db';
import { replayEdits } from '@/lib/offline/replay';
import { TripConflictError } from '@/lib/trips/client-api';
import type { TripChange } from '@/lib/trips/optimistic-view';
import type { TripView } from '@/lib/trips/view';

const viewAt = (version: number, name = 'Canyons') => ({ trip: { id: 't1', name, version, stops: [] } }) as unknown as TripView;
const edit = (seq: number, change: TripChange, baseVersion = 4): QueuedEdit => ({ seq, tripId: 't1', owner: 'o', baseVersion, change, at: '2026-11-27T22:00:00Z' });

/** A server keeping one trip at `version`: a PATCH on another version is a conflict, as the trips API answers. */
function server(start: number, refuse?: (change: TripChange) => ExplorerApiError | null) {
  let current = viewAt(start);
  const calls: Array<{ change: TripChange; version: number }> = [];
  return {
    calls,
    bump: (name: string) => (current = viewAt(current.trip.version + 1, name)),
    send: async (change: TripChange, version: number) => {
      calls.push({ change, version });
      const refusal = refuse?.(change);
      if (refusal) throw refusal;
      if (version !== current.trip.version) throw new TripConflictError(current);
      current = viewAt(version + 1, change.name ?? current.trip.name);
      return current;
    },
  };
}

describe('sending the edits made offline', () => {
  it('sends them in the order they were made, each on the version the one before it made', async () => {
    const s = server(4);
    const sent: number[] = [];
    const outcome = await replayEdits([edit(1, { name: 'A' }), edit(2, { name: 'B' }), edit(3, { name: 'C' })], {
      send: s.send,
      sent: async (e, v) => void sent.push(e.seq!, v.trip.version),
    });
    expect(s.calls.map((c) => [c.change.name, c.version])).toEqual([['A', 4], ['B', 5], ['C', 6]]);
    expect(sent).toEqual([1, 5, 2, 6, 3, 7]);
    expect(outcome).toEqual({ kind: 'sent', view: viewAt(7, 'C') });
  });

  it('stops at a trip changed meanwhile and answers the server version, sending nothing more', async () => {
    const s = server(4);
    s.bump('Changed by a teammate');
    const outcome = await replayEdits([edit(1, { name: 'A' }), edit(2, { name: 'B' })], { send: s.send, sent: async () => {} });
    expect(outcome).toEqual({ kind: 'conflict', theirs: viewAt(5, 'Changed by a teammate') });
    expect(s.calls).toHaveLength(1);
  });

  it('says which edit the server refused, and why, for the traveler to decide', async () => {
    const s = server(4, (c) => (c.name === 'B' ? new ExplorerApiError(400, 'invalid_request', 'A trip name is at most 120 characters.') : null));
    const sent: number[] = [];
    const outcome = await replayEdits([edit(1, { name: 'A' }), edit(2, { name: 'B' }), edit(3, { name: 'C' })], { send: s.send, sent: async (e) => void sent.push(e.seq!) });
    expect(outcome).toMatchObject({ kind: 'refused', status: 400, message: 'A trip name is at most 120 characters.', edit: { seq: 2 } });
    expect(sent).toEqual([1]);
  });

  it('keeps the edits for later when the connection is still gone, or the server is busy or failing', async () => {
    for (const err of [new ExplorerApiError(0, 'network', 'offline'), new ExplorerApiError(429, 'rate_limited', 'slow down'), new ExplorerApiError(503, 'unavailable', 'down')]) {
      const outcome = await replayEdits([edit(1, { name: 'A' })], { send: async () => Promise.reject(err), sent: async () => {} });
      expect(outcome).toEqual({ kind: 'offline' });
    }
  });

  it('answers a trip that was deleted as a refusal with its status', async () => {
    const outcome = await replayEdits([edit(1, { name: 'A' })], {
      send: async () => Promise.reject(new ExplorerApiError(404, 'not_found', 'There is no such trip.')),
      sent: async () => {},
    });
    expect(outcome).toMatchObject({ kind: 'refused', status: 404 });
  });
});
