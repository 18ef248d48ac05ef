import { z } from 'zod';
import { AccountError, type Accounts, type AccountSessions, type UserRow } from '../directory/types';
import { logger } from '@/lib/core/logger';
import { passwordResetMail, verificationMail } from '../mail/messages';
import { factorChangedMail, type FactorChangeNotice } from '../mail/factor-notice';
import type { Mailer } from '../mail/mailer';
import { passwordProblem } from './password-policy';
import type { AccountTokens, TokenCheck, TokenRow } from './tokens';
import { sameAddress } from '../email-address';
import { PERSON_NAME_MAX } from '../person-name';

export const VERIFY_TTL_HOURS = 24;
export const RESET_TTL_MINUTES = 30;

export const signUpSchema = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/, 'Use 3 to 32 letters, digits, dots, hyphens or underscores, starting with a letter or digit.'),
  email: z.string().trim().max(254).pipe(z.email('Enter an e-mail address such as name@example.com.')),
  givenName: z.string().trim().min(1, 'Enter your first name.').max(PERSON_NAME_MAX, `Use at most ${PERSON_NAME_MAX} characters.`),
  familyName: z.string().trim().max(PERSON_NAME_MAX, `Use at most ${PERSON_NAME_MAX} characters.`),
  password: z.string(),
});

export type SignUpInput = z.input<typeof signUpSchema>;

/** A field's problem, shown beside it. */
export type FieldErrors = Partial<Record<keyof SignUpInput, string>>;

/**
 * What is wrong with a sign-up form on its face, every field at once, with no account looked up: a typing mistake is
 * answered without counting toward the sign-up limits (which guard the mail sent and the accounts looked up).
 */
export function signUpFormProblems(input: SignUpInput): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as keyof SignUpInput] ??= issue.message;
  const weak = passwordProblem(input.password, [input.username, input.email, input.givenName, input.familyName ?? '']);
  if (weak) errors.password = weak;
  return errors;
}

export type SignUpResult = { ok: true; user: UserRow } | { ok: false; errors: FieldErrors };

export type FactorChange = FactorChangeNotice;

/** An account's second factors, as the page after a reset lists them for the owner to review. */
export interface SecondFactors {
  totp: boolean;
  passkeys: { name: string; createdAt: string; lastUsedAt: string | null }[];
}

/**
 * What a person does for themselves without an operator: sign up, confirm an e-mail address, reset a forgotten
 * password. Mail goes through `mailer`; links carry single-use tokens (tokens.ts).
 */
export class SelfService {
  constructor(
    private readonly accounts: Accounts,
    private readonly sessions: Pick<AccountSessions, 'endAll'>,
    private readonly tokens: AccountTokens,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly factorsOf: (userId: string) => Promise<SecondFactors> = async () => ({ totp: false, passkeys: [] }),
  ) {}

  async signUp(input: SignUpInput, options: { emailVerified?: boolean } = {}): Promise<SignUpResult> {
    const errors = signUpFormProblems(input);
    if (Object.keys(errors).length) return { ok: false, errors };
    const { username, email, givenName, familyName, password } = signUpSchema.parse(input);
    // Each person learns only about the names they typed themselves; no other account's e-mail is ever shown.
    if (await this.accounts.findByLogin(username)) errors.username = 'This username is taken. Choose another one.';
    if (await this.accounts.findByLogin(email)) errors.email = 'An account already uses this e-mail address. Sign in, or reset its password.';
    if (Object.keys(errors).length) return { ok: false, errors };
    let user: UserRow;
    try {
      user = await this.accounts.createUser({ username, email, password, givenName, familyName, emailVerified: options.emailVerified });
    } catch (err) {
      // Two sign-ups with one name at the same moment: the second loses at the UNIQUE constraint.
      if (err instanceof AccountError || /UNIQUE/.test(String(err))) return { ok: false, errors: { username: 'This username or e-mail address was just taken.' } };
      throw err;
    }
    await this.accounts.audit.record({ actor: `self (${user.username})`, action: 'account.created', subject: user.username });
    if (!user.email_verified) await this.sendVerification(user);
    return { ok: true, user };
  }

  async sendVerification(user: UserRow): Promise<void> {
    const token = await this.tokens.issue('verify-email', VERIFY_TTL_HOURS * 3_600_000, { userId: user.id, email: user.email });
    const url = `${this.publicUrl}/identity/verify-email?token=${token}`;
    await this.mailer.send(verificationMail(user.email, url, VERIFY_TTL_HOURS));
  }

  checkVerification(token: string): Promise<TokenCheck> {
    return this.tokens.check('verify-email', token);
  }

  /** Confirms the address the link was sent to, if the account still has it. */
  async verifyEmail(token: string): Promise<TokenCheck> {
    const used = await this.tokens.consume('verify-email', token);
    if (!used.ok) return used;
    const user = used.row.user_id ? await this.accounts.findById(used.row.user_id) : undefined;
    if (!user || !sameAddress(user.email, used.row.email)) return { ok: false, reason: 'expired', row: used.row };
    await this.accounts.setEmailVerified(user.id, true);
    await this.accounts.audit.record({ actor: `self (${user.username})`, action: 'account.email_verified', subject: user.username });
    return used;
  }

  /** The address a confirmation link was for, when its account has it and it is confirmed (by this link or another). */
  async confirmedAddress(row: TokenRow): Promise<string | undefined> {
    const user = row.user_id ? await this.accounts.findById(row.user_id) : undefined;
    return user && user.email_verified === 1 && sameAddress(user.email, row.email) ? user.email : undefined;
  }

  /**
   * Sends a reset link when an account has this address, and does nothing otherwise: the caller answers the same
   * either way. A new link ends the older ones.
   */
  async requestPasswordReset(email: string): Promise<void> {
    const user = email.includes('@') ? await this.accounts.findByEmail(email.trim()) : undefined;
    if (!user) return;
    await this.tokens.revokeForUser('reset-password', user.id);
    const token = await this.tokens.issue('reset-password', RESET_TTL_MINUTES * 60_000, { userId: user.id, email: user.email });
    const url = `${this.publicUrl}/identity/reset-password?token=${token}`;
    await this.mailer.send(passwordResetMail(user.email, url, RESET_TTL_MINUTES));
  }

  /**
   * Tells the account's address that a second factor was added or removed. The change is made by then: a mail
   * that cannot be sent is logged, not answered as a failure of the change.
   */
  async notifyFactorChange(user: UserRow, change: FactorChange): Promise<void> {
    try {
      await this.mailer.send(factorChangedMail(user.email, change, new Date(), `${this.publicUrl}/identity/forgot-password`));
    } catch (err) {
      logger.error('identity: the notice of a second-factor change was not sent', { user: user.username, change, error: (err as Error).message });
    }
  }

  /** The second factors of an account (for the owner to review after a reset). */
  secondFactors(userId: string): Promise<SecondFactors> {
    return this.factorsOf(userId);
  }

  checkReset(token: string): Promise<TokenCheck> {
    return this.tokens.check('reset-password', token);
  }

  /**
   * Sets the new password, ends every session and token of the account and every other open reset and confirmation
   * link (Accounts.setPassword), and counts the address as verified (the link reached it). The password is checked
   * before the token is used, so a weak one can be retried.
   */
  async resetPassword(token: string, password: string): Promise<TokenCheck | { ok: false; reason: 'weak'; message: string }> {
    const checked = await this.tokens.check('reset-password', token);
    if (!checked.ok) return checked;
    const user = await this.accounts.findById(checked.row.user_id ?? '');
    if (!user) return { ok: false, reason: 'expired' };
    const weak = passwordProblem(password, [user.username, user.email, user.given_name, user.family_name]);
    if (weak) return { ok: false, reason: 'weak', message: weak };
    const used = await this.tokens.consume('reset-password', token);
    if (!used.ok) return used;
    await this.accounts.setPassword(user.id, password);
    if (sameAddress(user.email, used.row.email)) await this.accounts.setEmailVerified(user.id, true);
    await this.tokens.revokeForUser('reset-password', user.id);
    const ended = await this.sessions.endAll(user.id);
    await this.accounts.audit.record({ actor: `self (${user.username})`, action: 'account.password_reset', subject: user.username, details: { endedSessionsAndTokens: ended } });
    return used;
  }
}
