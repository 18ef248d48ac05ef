import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEndedSessions, type EndedSessions } from '@/lib/auth/ended-sessions';

let store: EndedSessions | undefined;
afterEach(() => store?.close());

function open() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-ended-'));
  store = openEndedSessions(path.join(dir, 'sessions.sqlite'));
  return { store, file: path.join(dir, 'sessions.sqlite') };
}

describe('ended sessions', () => {
  it('ends a session by sid and leaves the others alone', () => {
    const { store } = open();
    store.end({ sid: 'sid-1', sub: 'acct-1' });
    expect(store.isEnded({ sid: 'sid-1', sub: 'acct-1', signedInAt: 1 })).toBe(true);
    expect(store.isEnded({ sid: 'sid-2', sub: 'acct-1', signedInAt: 1 })).toBe(false);
  });

  it('ends every session a subject signed in before a subject-wide logout, not later ones', () => {
    const { store } = open();
    const now = Math.floor(Date.now() / 1000);
    store.end({ sub: 'acct-1' });
    expect(store.isEnded({ sid: 'a', sub: 'acct-1', signedInAt: now - 60 })).toBe(true);
    expect(store.isEnded({ sid: 'b', sub: 'acct-1', signedInAt: now + 60 })).toBe(false);
    expect(store.isEnded({ sid: 'c', sub: 'acct-2', signedInAt: now - 60 })).toBe(false);
  });

  it('survives a restart', () => {
    const { store: first, file } = open();
    first.end({ sid: 'sid-9' });
    first.close();
    store = openEndedSessions(file);
    expect(store.isEnded({ sid: 'sid-9' })).toBe(true);
  });
});
