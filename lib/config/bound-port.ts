import type { AppConfig } from './env';

/** A URL whose port is 0 now names `port`; any other URL is kept as the operator wrote it. */
function onPort(url: string, port: number): string {
  const parsed = new URL(url);
  if (parsed.port !== '0') return url;
  parsed.port = String(port);
  return parsed.href.replace(/\/+$/, '');
}

/**
 * The configuration once the server holds its port. With PORT=0 the kernel picks a free port at the bind, and the
 * URLs the configuration derived from PORT (the public URL, the issuer, the Place API's own URL) name that port from
 * then on; a URL the operator set is left alone.
 */
export function withBoundPort(config: AppConfig, port: number): AppConfig {
  if (config.port === port) return config;
  return {
    ...config,
    port,
    publicUrl: onPort(config.publicUrl, port),
    appUrl: onPort(config.appUrl, port),
    explorerClient: { ...config.explorerClient, issuer: onPort(config.explorerClient.issuer, port) },
    placesApi: { ...config.placesApi, url: onPort(config.placesApi.url, port) },
  };
}
