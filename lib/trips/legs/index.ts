import type { AppConfig } from '@/lib/config/env';
import { appConfig } from '@/lib/config/runtime';
import { greatCircleRouter } from './great-circle';
import type { LegRouter } from './types';

/** The router the trip pages use; a road router would be chosen here too, from its own setting. */
export function legRouter(config: Pick<AppConfig, 'tripsAverageSpeedKmh'> = appConfig()): LegRouter {
  return greatCircleRouter(config.tripsAverageSpeedKmh);
}
