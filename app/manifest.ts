import type { MetadataRoute } from 'next';

// The installable app (served at /manifest.webmanifest, linked from every page by Next). It opens on "My trips",
// the page a traveler uses on the road; the colours are the brand's (app/globals.css) and the icons are drawn from
// app/icon.svg by scripts/build-icons.mjs.
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/',
    name: 'Trip Explorer',
    short_name: 'Trips',
    description: 'Plan a road trip: find places on the map, keep your trips and take them along, even with no signal.',
    start_url: '/trips',
    scope: '/',
    display: 'standalone',
    theme_color: '#17705b', // brand-600
    background_color: '#eef7f4', // brand-50
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
