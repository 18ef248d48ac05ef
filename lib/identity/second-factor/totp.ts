import crypto from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { SecretBox } from '@/lib/server/secret-box';
import type { IdentityDb } from '../store';

const PERIOD = 30;
const RECOVERY_CODES = 10;

const hashCode = (code: string) => crypto.createHash('sha256').update(code.replace(/[^a-z0-9]/gi, '').toLowerCase()).digest('hex');

/** 80 random bits as four groups of four base32 letters: strong enough that a plain SHA-256 suffices to store it. */
function recoveryCode(): string {
  return new OTPAuth.Secret({ size: 10 }).base32.toLowerCase().match(/.{4}/g)!.join('-');
}

export interface TotpEnrollment {
  secret: string;
  otpauthUrl: string;
  /** The same URL as a QR code (an SVG data URL) for an authenticator app. */
  qrCode: string;
}

/**
 * TOTP second factor (RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator app reads it). The secret is sealed
 * with SECRETS_ENCRYPTION_KEYS (it must be readable to check a code); a code is accepted one step either side, and
 * never twice (the last used step is kept). Ten single-use recovery codes, stored as SHA-256 hashes, shown once.
 */
export class TotpFactor {
  constructor(
    private readonly db: IdentityDb,
    private readonly box: SecretBox,
    private readonly issuer = 'Trip Explorer',
  ) {}

  private totp(secret: string, label: string) {
    return new OTPAuth.TOTP({ issuer: this.issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });
  }

  enabled(userId: string): boolean {
    return Boolean(this.db.prepare('SELECT 1 FROM account_totp WHERE user_id = ? AND confirmed_at IS NOT NULL').get(userId));
  }

  /** Starts (or restarts) enrollment: a new secret, not in force until a code from it is confirmed. */
  async begin(userId: string, label: string): Promise<TotpEnrollment> {
    if (this.enabled(userId)) throw new Error('two-factor sign-in is already on');
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    this.db
      .prepare('INSERT INTO account_totp (user_id, secret) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, confirmed_at = NULL, last_step = 0')
      .run(userId, this.box.seal(secret));
    const otpauthUrl = this.totp(secret, label).toString();
    return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { type: 'image/png', margin: 1, width: 220 }) };
  }

  /** Checks a code of the current secret; true uses it (its time step can never be used again). */
  private check(userId: string, code: string, confirmed: boolean): boolean {
    const row = this.db.prepare(`SELECT secret, last_step FROM account_totp WHERE user_id = ? AND confirmed_at IS ${confirmed ? 'NOT NULL' : 'NULL'}`).get(userId) as
      | { secret: string; last_step: number }
      | undefined;
    const digits = code.replace(/\s/g, '');
    if (!row || !/^\d{6}$/.test(digits)) return false;
    const totp = this.totp(this.box.open(row.secret), userId);
    const delta = totp.validate({ token: digits, window: 1 });
    if (delta === null) return false;
    const step = Math.floor(Date.now() / 1000 / PERIOD) + delta;
    if (step <= row.last_step) return false;
    return this.db.prepare('UPDATE account_totp SET last_step = ? WHERE user_id = ? AND last_step < ?').run(step, userId, step).changes === 1;
  }

  /** Confirms enrollment with a first code; answers the recovery codes, in clear this once. */
  confirm(userId: string, code: string): string[] | null {
    if (!this.check(userId, code, false)) return null;
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    this.db.transaction(() => {
      this.db.prepare('UPDATE account_totp SET confirmed_at = ? WHERE user_id = ?').run(Date.now(), userId);
      this.db.prepare('DELETE FROM account_recovery_codes WHERE user_id = ?').run(userId);
      const insert = this.db.prepare('INSERT INTO account_recovery_codes (user_id, hash) VALUES (?, ?)');
      for (const c of codes) insert.run(userId, hashCode(c));
    })();
    return codes;
  }

  /** A sign-in's second step: a current code, or an unused recovery code (then used up). */
  verify(userId: string, code: string): 'otp' | 'recovery' | null {
    if (this.check(userId, code, true)) return 'otp';
    if (code.replace(/[^a-z0-9]/gi, '').length !== 16) return null;
    const used = this.db
      .prepare('UPDATE account_recovery_codes SET used_at = ? WHERE user_id = ? AND hash = ? AND used_at IS NULL')
      .run(Date.now(), userId, hashCode(code)).changes;
    return used === 1 ? 'recovery' : null;
  }

  remainingRecoveryCodes(userId: string): number {
    return (this.db.prepare('SELECT count(*) AS n FROM account_recovery_codes WHERE user_id = ? AND used_at IS NULL').get(userId) as { n: number }).n;
  }

  disable(userId: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM account_totp WHERE user_id = ?').run(userId);
      this.db.prepare('DELETE FROM account_recovery_codes WHERE user_id = ?').run(userId);
    })();
  }
}
