/** Token endpoint writes (password grant with a refresh token, refreshes, client credentials), remembering each one acknowledged. */
export interface TokenAcks {
  accessTokens: string[];
  refreshTokens: string[];
}

export interface TokenClient {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

export const basicAuth = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

export async function tokenRequest(baseUrl: string, client: TokenClient, fields: Record<string, string>) {
  const res = await fetch(`${baseUrl}/identity/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth(client.clientId, client.clientSecret) },
    body: new URLSearchParams(fields),
    signal: AbortSignal.timeout(5000),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

/** Issues and refreshes tokens until `stopped()` says so; connection failures (the server was killed) end it. */
export async function tokenTraffic(baseUrl: string, client: TokenClient, stopped: () => boolean): Promise<TokenAcks> {
  const acks: TokenAcks = { accessTokens: [], refreshTokens: [] };
  try {
    while (!stopped()) {
      const issued = await tokenRequest(baseUrl, client, { grant_type: 'password', username: client.username, password: client.password, scope: 'openid offline_access' });
      if (issued.status !== 200) throw new Error(`password grant ${issued.status} ${JSON.stringify(issued.body)}`);
      acks.accessTokens.push(issued.body.access_token);
      acks.refreshTokens.push(issued.body.refresh_token);
      const refreshed = await tokenRequest(baseUrl, client, { grant_type: 'refresh_token', refresh_token: issued.body.refresh_token });
      if (refreshed.status !== 200) throw new Error(`refresh ${refreshed.status} ${JSON.stringify(refreshed.body)}`);
      acks.accessTokens.push(refreshed.body.access_token);
      if (refreshed.body.refresh_token && refreshed.body.refresh_token !== issued.body.refresh_token) acks.refreshTokens[acks.refreshTokens.length - 1] = refreshed.body.refresh_token;
      const cc = await tokenRequest(baseUrl, client, { grant_type: 'client_credentials' });
      if (cc.status !== 200) throw new Error(`client_credentials ${cc.status} ${JSON.stringify(cc.body)}`);
      acks.accessTokens.push(cc.body.access_token);
    }
  } catch (err) {
    if (!stopped()) throw err;
  }
  return acks;
}
