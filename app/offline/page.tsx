import type { Metadata } from 'next';
import { publicAppUrl } from '@/lib/auth/identity-config';
import { appConfig } from '@/lib/config/runtime';
import { SiteHeader } from '@/components/layout/site-header';
import { OfflineApp } from '@/components/offline/offline-app';
import { UnitsProvider } from '@/components/units/units-context';
import { requestUnits } from '@/lib/explorer/units-request';

export const metadata: Metadata = { title: 'Offline · Trip Explorer', robots: { index: false } };
// Rendered when the service worker installs (it keeps this page for when the network is gone), with the server's
// map style. It carries no one's data: no session is read, the device's kept trips fill it in the browser.
export const dynamic = 'force-dynamic';

export default async function OfflinePage() {
  // The worker fetches this page with the browser's cookies and language, so its units are the device's.
  const units = await requestUnits();
  return (
    <div className="flex h-dvh flex-col overflow-hidden">
      <SiteHeader account={<span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Offline</span>} />
      <main className="flex min-h-0 flex-1 flex-col">
        <UnitsProvider initial={units}>
          <OfflineApp styleUrl={appConfig().mapStyleUrl} appUrl={publicAppUrl()} />
        </UnitsProvider>
      </main>
    </div>
  );
}
