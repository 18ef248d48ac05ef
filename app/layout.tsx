import type { Metadata, Viewport } from 'next';
import { ServiceWorkerRegistration } from '@/components/offline/service-worker-registration';
import { QueryProvider } from '@/components/providers/query-provider';
import './globals.css';

export const metadata: Metadata = {
  title: 'Trip Explorer',
  description: 'Find places for your trip: draw an area on the map, filter, and open any place.',
  // The installed app on iOS, with app/apple-icon.png (the manifest, app/manifest.ts, serves the other browsers).
  appleWebApp: { capable: true, title: 'Trip Explorer', statusBarStyle: 'default' },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#17705b' /* brand-600 */ };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // The Explorer's early WebGL check marks this element (data-webgl2) before hydration.
    <html lang="en" suppressHydrationWarning>
      <body className="bg-white">
        <QueryProvider>{children}</QueryProvider>
        <ServiceWorkerRegistration />
      </body>
    </html>
  );
}
