import type { AppConfig } from '@/lib/config/env';
import { appConfig } from '@/lib/config/runtime';
import { publishedRoadRouter } from '@/lib/roads/published-router';
import { greatCircleRouter } from './great-circle';
import { roadLegRouter } from './road-legs';
import type { LegRouter } from './types';

/** The router the trip pages use: on roads where a road network is in use, else straight lines, each said on the page. */
export async function legRouter(config: Pick<AppConfig, 'tripsAverageSpeedKmh'> = appConfig()): Promise<LegRouter> {
  const straightLine = greatCircleRouter(config.tripsAverageSpeedKmh);
  const roads = publishedRoadRouter();
  const network = roads ? await roads.network() : null;
  return roads && network ? roadLegRouter(roads, network, straightLine) : straightLine;
}
