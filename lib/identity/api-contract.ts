import { z } from 'zod';

/**
 * The answers of the identity server's own APIs (`/identity/api/account`, `/identity/api/organizations/<id>/…`),
 * written once: the server types what it sends with them, and the Explorer's client (lib/identity-client) parses
 * what it receives with them.
 */

export const accountSessionSchema = z.object({
  id: z.string(),
  signedInAt: z.string(),
  clients: z.array(z.string()),
  /** The browser in words ("Chrome on Linux"), and the apps by name; older identity servers send neither. */
  device: z.string().nullable().default(null),
  current: z.boolean(),
  apps: z.array(z.string()).default([]),
});

export const passkeySchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });

/** The signed-in person's own account: `GET /identity/api/account` and the answer of each change to it. */
export const accountSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  givenName: z.string(),
  familyName: z.string(),
  sessions: z.array(accountSessionSchema),
  twoFactor: z.object({ totp: z.boolean(), recoveryCodesLeft: z.number() }),
  passkeys: z.array(passkeySchema),
});

export type AccountView = z.output<typeof accountSchema>;

/** `POST /identity/api/account/totp`: a new authenticator app's secret, its otpauth URL and its QR code (an SVG data URL). */
export const totpEnrollmentSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });

export type TotpEnrollment = z.output<typeof totpEnrollmentSchema>;

/** `PUT /identity/api/account/totp`: the recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export type RecoveryCodes = z.output<typeof recoveryCodesSchema>;

/** `POST /identity/api/account/passkeys/options`: WebAuthn's creation options (its JSON form), for the browser to run. */
export const passkeyOptionsSchema = z.record(z.string(), z.unknown());

export const roleSchema = z.object({ id: z.string(), name: z.string() });

export type Role = z.output<typeof roleSchema>;

/** One member of an organization, for its administrators: `GET .../members`, `PUT .../members/<id>`. */
export const memberSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  isAdministrator: z.boolean(),
  roles: z.array(roleSchema),
});

export type Member = z.output<typeof memberSchema>;

/** An invitation not used, revoked or expired yet: `GET .../invitations`. */
export const invitationSchema = z.object({
  /** The stored hash of the link's token: enough to revoke it, never enough to use it. */
  id: z.string(),
  email: z.string().nullable(),
  isAdministrator: z.boolean(),
  roles: z.array(roleSchema),
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});

export type Invitation = z.output<typeof invitationSchema>;

/** `POST .../invitations`: the link's `url` only for an invitation by link, never for one by e-mail. */
export const createdInvitationSchema = z.object({ id: z.string(), url: z.string().optional(), expiresAt: z.string() });

export type CreatedInvitation = z.output<typeof createdInvitationSchema>;

/** One event of an organization's audit log: `GET .../audit` (the 100 newest). */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  /** The actor's name when the actor is an account (its given and family name, or null when it has none). */
  actorName: z.string().nullable().optional(),
  action: z.string(),
  subject: z.string(),
  /** The subject's name when the subject is an account, as for the actor. */
  subjectName: z.string().nullable().optional(),
  details: z.record(z.string(), z.unknown()),
});

export type AuditEntry = z.output<typeof auditEntrySchema>;

/** Every answer but a created invitation's comes as `{ data }`. */
export const answerOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
