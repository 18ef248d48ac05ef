/** Rows outlive every session that could still use them (a session lasts 12 hours). */
export const KEEP_SECONDS = 24 * 60 * 60;

export interface EndedSessions {
  /** Records a session (by sid) or every session of a subject signed in until now (by sub) as ended. */
  end(claims: { sid?: string; sub?: string }): Promise<void>;
  /** True when this session was ended by a logout: its sid, or its subject since it signed in. */
  isEnded(session: { sid?: string; sub?: string; signedInAt?: number }): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The ID token of each signed-in session, kept on the server by `sid` for one use: the `id_token_hint` of the
 * sign-out. In the session cookie it would more than double its size (about 1.3 KB).
 */
export interface IdTokenHints {
  remember(sid: string, idToken: string): Promise<void>;
  /** The session's ID token, forgotten as it is handed out. */
  take(sid: string): Promise<string | undefined>;
  close(): Promise<void>;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
