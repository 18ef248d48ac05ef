'use client';

import { useQuery } from '@tanstack/react-query';
import type { StyleSpecification } from 'maplibre-gl';
import { useMemo } from 'react';
import { STYLE_PATH } from '@/lib/map/paths';
import { planKeptMap, type KeptMapPlan } from '@/lib/offline/kept-map';
import type { Leg } from '@/lib/trips/legs/types';

/**
 * What keeping the trip would keep of the imported map (the tiles along its route, their estimated size), when the
 * page draws one; null otherwise, or until its style has been read.
 */
export function useKeptMapPlan(styleUrl: string | null, legs: Leg[], enabled: boolean): { styleUrl: string; plan: KeptMapPlan } | null {
  const imported = enabled && styleUrl === STYLE_PATH;
  const style = useQuery({
    queryKey: ['map-style', styleUrl],
    queryFn: async (): Promise<StyleSpecification> => {
      const response = await fetch(STYLE_PATH);
      if (!response.ok) throw new Error(`the map's style answered ${response.status}`);
      return response.json();
    },
    enabled: imported,
    staleTime: 60_000,
  });
  return useMemo(() => {
    if (!imported || !style.data) return null;
    const plan = planKeptMap(legs, style.data);
    return plan ? { styleUrl: STYLE_PATH, plan } : null;
  }, [imported, style.data, legs]);
}
