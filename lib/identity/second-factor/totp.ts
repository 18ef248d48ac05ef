import crypto from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { SecretBox } from '@/lib/core/secret-box';
import type { TotpStore } from '../directory/types';

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
    private readonly store: TotpStore,
    private readonly box: SecretBox,
    private readonly issuer = 'Trip Explorer',
  ) {}

  private totp(secret: string, label: string) {
    return new OTPAuth.TOTP({ issuer: this.issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });
  }

  async enabled(userId: string): Promise<boolean> {
    return (await this.store.get(userId))?.confirmed === true;
  }

  /** Starts (or restarts) enrollment: a new secret, not in force until a code from it is confirmed. */
  async begin(userId: string, label: string): Promise<TotpEnrollment> {
    if (await this.enabled(userId)) throw new Error('two-factor sign-in is already on');
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await this.store.start(userId, this.box.seal(secret));
    const otpauthUrl = this.totp(secret, label).toString();
    return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { type: 'image/png', margin: 1, width: 220 }) };
  }

  /** Checks a code of the current secret; true uses it (its time step can never be used again). */
  private async check(userId: string, code: string, confirmed: boolean): Promise<boolean> {
    const row = await this.store.get(userId);
    const digits = code.replace(/\s/g, '');
    if (!row || row.confirmed !== confirmed || !/^\d{6}$/.test(digits)) return false;
    const totp = this.totp(this.box.open(row.secret), userId);
    const delta = totp.validate({ token: digits, window: 1 });
    if (delta === null) return false;
    const step = Math.floor(Date.now() / 1000 / PERIOD) + delta;
    if (step <= row.lastStep) return false;
    return this.store.useStep(userId, step);
  }

  /** Confirms enrollment with a first code; answers the recovery codes, in clear this once. */
  async confirm(userId: string, code: string): Promise<string[] | null> {
    if (!(await this.check(userId, code, false))) return null;
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    await this.store.confirm(userId, codes.map(hashCode), Date.now());
    return codes;
  }

  /** A sign-in's second step: a current code, or an unused recovery code (then used up). */
  async verify(userId: string, code: string): Promise<'otp' | 'recovery' | null> {
    if (await this.check(userId, code, true)) return 'otp';
    if (code.replace(/[^a-z0-9]/gi, '').length !== 16) return null;
    return (await this.store.useRecoveryCode(userId, hashCode(code), Date.now())) ? 'recovery' : null;
  }

  remainingRecoveryCodes(userId: string): Promise<number> {
    return this.store.remainingRecoveryCodes(userId);
  }

  disable(userId: string): Promise<void> {
    return this.store.remove(userId);
  }
}
