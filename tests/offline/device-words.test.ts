import { describe, expect, it } from 'vitest';
import { editCount, formatBytes } from '@/lib/offline/format';
import { deviceOwnerKey } from '@/lib/offline/owner-key';
import { storageMessage } from '@/lib/offline/storage-message';

describe('what the page says about the device', () => {
  it('gives a kept trip’s size in KB under a megabyte, else in MB with one decimal', () => {
    expect(formatBytes(0)).toBe('1 KB');
    expect(formatBytes(123_904)).toBe('121 KB');
    expect(formatBytes(1_258_291)).toBe('1.2 MB');
  });

  it('counts edits in words', () => {
    expect(editCount(1)).toBe('1 edit');
    expect(editCount(3)).toBe('3 edits');
  });

  it('says what to do when the device would not keep a trip', () => {
    expect(storageMessage(new DOMException('full', 'QuotaExceededError'))).toMatch(/no room left/);
    expect(storageMessage(new DOMException('denied', 'SecurityError'))).toMatch(/private window/);
    expect(storageMessage(new Error('the network failed'))).toBe('It could not be kept: the network failed');
  });
});

describe('deviceOwnerKey', () => {
  it('names the person on the device without their account id, the same way every time', () => {
    const key = deviceOwnerKey('user-123');
    expect(key).toBe(deviceOwnerKey('user-123'));
    expect(key).not.toContain('user-123');
    expect(key).toMatch(/^[\w-]{22}$/);
    expect(deviceOwnerKey('user-124')).not.toBe(key);
  });
});
