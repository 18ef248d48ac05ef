import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '@/lib/config/env';
import type { LimitStore } from '@/lib/limits';
import type { DataDir } from '@/lib/core/data-dir';
import type { HealthChecks } from '@/lib/core/health';
import type { Secrets } from '@/lib/core/secrets';


export interface ServerContext {
  config: AppConfig;
  dataDir: DataDir;
  secrets: Secrets;
  /** The rate limits and the login throttle, on the engine chosen at start-up. */
  limits: LimitStore;
}

/** One of the systems the custom server mounts beside the Next.js app (Place API, identity server). */
export interface Subsystem {
  name: string;
  /** Serves the request when its path is this subsystem's; resolves false to let the request go on. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean | Promise<boolean>;
  /** True when its stores are open and answering: feeds /healthz. */
  ready(): boolean;
  /** Finer checks shown by /healthz beside `ready` (a database replica skipped, for instance). */
  health?(): HealthChecks;
  close(): void | Promise<void>;
}
