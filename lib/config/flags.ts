import type { Env } from './env';

/**
 * The server's command-line switches. `--demo` only supplies a default: an explicit `DEMO` in the environment
 * (`DEMO=false` included) is the operator's word and wins, so `npm start` can serve a real deployment too.
 */
export function commandLineFlags(argv: readonly string[], env: Env): { dev?: boolean; demo?: boolean } {
  return {
    dev: argv.includes('--dev') || undefined,
    demo: argv.includes('--demo') && !env.DEMO ? true : undefined,
  };
}
