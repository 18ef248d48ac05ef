import { HydrationBoundary } from '@tanstack/react-query';
import { headers } from 'next/headers';
import { Explorer } from '@/components/explorer/explorer';
import { BasemapAttribution } from '@/components/map/basemap-attribution';
import { WebGLCheckScript } from '@/components/map/webgl-check-script';
import { SkipLinks } from '@/components/explorer/skip-links';
import { SiteHeader } from '@/components/layout/site-header';
import { UnitsProvider } from '@/components/units/units-context';
import { appConfig } from '@/lib/config/runtime';
import { pageMap } from '@/lib/map/published';
import { prefetchExplorer } from '@/lib/places-client/prefetch';
import { webglProbeScript } from '@/lib/explorer/webgl';
import { nonceInPolicy } from '@/lib/server/security-headers';
import { requestUnits } from '@/lib/explorer/units-request';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function toParams(record: Awaited<SearchParams>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(record)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v);
  }
  return params;
}

export default async function HomePage({ searchParams }: { searchParams: SearchParams }) {
  const [params, requestHeaders] = await Promise.all([searchParams.then(toParams), headers()]);
  // The style from the server's configuration and store, not the build: a deployment switches basemaps (MAP_STYLE_URL,
  // or an imported map) without a rebuild.
  const [{ dehydrated, account }, units, map] = await Promise.all([
    prefetchExplorer(params, { headers: requestHeaders }),
    requestUnits(),
    pageMap(appConfig().mapStyleUrl),
  ]);
  return (
    <div className="flex h-dvh flex-col overflow-hidden">
      <SkipLinks />
      <SiteHeader />
      <main className="relative min-h-0 flex-1">
        <h1 className="sr-only">Explore places on the map</h1>
        {/* No Suspense boundary here: the page is dynamic (it reads the headers), so useSearchParams needs none, and a
            boundary made React stream the Explorer as a hidden segment that only an inline script reveals. Without
            it the list, its total and the filters are visible in the first HTML, before (or without) any JavaScript. */}
        <HydrationBoundary state={dehydrated}>
          <UnitsProvider initial={units}>
            {/* Our own maps are credited in this HTML, under the map; an operator's style by the map itself. */}
            <Explorer styleUrl={map.styleUrl} initialAccount={account} attribution={map.credit ? <BasemapAttribution drawn={map.credit} /> : null} />
          </UnitsProvider>
        </HydrationBoundary>
      </main>
      <WebGLCheckScript code={webglProbeScript} nonce={nonceInPolicy(requestHeaders.get('content-security-policy'))} />
    </div>
  );
}
