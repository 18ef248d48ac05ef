/** Lifetimes in seconds (the spec asks for short-lived access tokens and gives no number). */
export const TTL = {
  AccessToken: 10 * 60,
  ClientCredentials: 10 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
  Session: 14 * 24 * 60 * 60,
  Interaction: 60 * 60,
} as const;

export const SCOPES = ['openid', 'email', 'profile', 'cosmos', 'offline_access'];

export const RESPONSE_TYPES = ['code', 'token', 'id_token', 'id_token token', 'code id_token', 'code token', 'code id_token token'];

export const ROUTES = {
  authorization: '/connect/authorize',
  token: '/connect/token',
  userinfo: '/connect/userinfo',
  end_session: '/connect/endsession',
  jwks: '/.well-known/openid-configuration/jwks',
  revocation: '/connect/revocation',
  introspection: '/connect/introspect',
};
