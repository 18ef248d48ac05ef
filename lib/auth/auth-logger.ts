import type { LoggerInstance } from 'next-auth';
import { logger } from '@/lib/core/logger';
import { SESSION_ENDED } from './session-state';

function describe(metadata: unknown): Record<string, unknown> {
  if (metadata instanceof Error) return { error: metadata.message };
  if (metadata && typeof metadata === 'object') {
    const { message, name } = metadata as { message?: unknown; name?: unknown };
    return { error: typeof message === 'string' ? message : undefined, name: typeof name === 'string' ? name : undefined };
  }
  return {};
}

/** next-auth's messages as the app's JSON log lines: no stack traces, no token material, no debug output. */
export const authLogger: Partial<LoggerInstance> = {
  error(code, metadata) {
    const fields = describe(metadata);
    if (code === 'JWT_SESSION_ERROR' && fields.error === SESSION_ENDED) {
      logger.info('session ended by back-channel logout');
      return;
    }
    logger.error('sign-in error', { code, ...fields });
  },
  warn(code) {
    logger.warn('next-auth warning', { code });
  },
  debug() {},
};
