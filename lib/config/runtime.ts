import { lookupOrOpen, publish, unpublish } from '@/lib/core/registry';
import { type AppConfig, loadConfig } from './env';

const KEY = 'config.app';

/**
 * The configuration the process started with, typed: the custom server publishes the one it validated at start-up
 * (with its command-line switches), so Next's bundles read the same values; a script or a test without the server
 * reads the environment once on first use.
 */
export function appConfig(): AppConfig {
  return lookupOrOpen(KEY, () => loadConfig(process.env));
}

export function publishConfig(config: AppConfig): void {
  publish(KEY, config);
}

/** Drops the configuration read so far, so the next `appConfig()` reads the environment again (tests that change it). */
export function forgetConfig(): void {
  unpublish(KEY);
}
