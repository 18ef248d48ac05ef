import type { Metadata, Viewport } from 'next';
import { QueryProvider } from '@/components/providers/query-provider';
import './globals.css';

export const metadata: Metadata = {
  title: 'Trip Explorer',
  description: 'Find places for your trip: draw an area on the map, filter, and open any place.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // The Explorer's early WebGL check marks this element (data-webgl2) before hydration.
    <html lang="en" suppressHydrationWarning>
      <body className="bg-white">
        <QueryProvider>{children}</QueryProvider>
      </body>
    </html>
  );
}
