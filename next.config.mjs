/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Only to measure what the page's scripts are made of (`npm run bench:explorer`); never in a deployed build.
  productionBrowserSourceMaps: process.env.BROWSER_SOURCE_MAPS === 'true',
  // Native and Node-only packages stay outside the bundles; they run in the custom server's process.
  serverExternalPackages: ['better-sqlite3', 'oidc-provider', 'pg'],
  typescript: { ignoreBuildErrors: true }, // `npm run typecheck` is the type gate; the build must not run it twice
};

export default nextConfig;
