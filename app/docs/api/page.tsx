import type { Metadata } from 'next';
import { SiteHeader } from '@/components/layout/site-header';
import { openApiDocument } from '@/lib/places/openapi/document';
import { AuthenticationSection } from './authentication-section';
import { Endpoint } from './endpoint';
import { Prose } from './prose';
import type { Operation, Schema } from './reference-types';
import { RouteSearchSection } from './route-search-section';
import { SchemaTable } from './schema-table';

export const metadata: Metadata = {
  title: 'Place API reference · Trip Explorer',
  description: 'Endpoints, parameters, fields and errors of the signed Place API (v2), from its OpenAPI document.',
};

const doc = openApiDocument('');

/** The Place API reference, rendered from the same OpenAPI document the API serves at /api/v2/openapi.json. */
export default function ApiReferencePage() {
  const paths = Object.entries(doc.paths) as [string, { get: Operation }][];
  const schemas = Object.entries(doc.components.schemas) as [string, Schema][];
  return (
    <>
      <SiteHeader />
      <main className="mx-auto flex max-w-5xl flex-col gap-8 p-6 md:p-10">
        <header className="flex flex-col gap-3">
          <p className="text-sm font-medium text-brand-700">Reference · version {doc.info.version}</p>
          <h1 className="text-3xl font-semibold">{doc.info.title}</h1>
          <p className="text-slate-700"><Prose text={doc.info.description} /></p>
          <p>
            Machine-readable: <a className="text-brand-700 underline" href="/api/v2/openapi.json">/api/v2/openapi.json</a> (OpenAPI {doc.openapi}).
          </p>
        </header>

        <nav aria-label="On this page" className="rounded border border-slate-200 p-4 text-sm">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            <li><a className="text-brand-700 underline" href="#authentication">Authentication</a></li>
            <li><a className="text-brand-700 underline" href="#route">Search along a route</a></li>
            <li><a className="text-brand-700 underline" href="#endpoints">Endpoints</a></li>
            <li><a className="text-brand-700 underline" href="#schemas">Fields</a></li>
          </ul>
        </nav>

        <AuthenticationSection />
        <RouteSearchSection />

        <section aria-labelledby="endpoints" className="flex flex-col gap-4">
          <h2 id="endpoints" className="text-2xl font-semibold">Endpoints</h2>
          {paths.map(([path, item]) => (
            <Endpoint key={path} path={path} op={item.get} />
          ))}
        </section>

        <section aria-labelledby="schemas" className="flex flex-col gap-4">
          <h2 id="schemas" className="text-2xl font-semibold">Fields</h2>
          {schemas.map(([name, schema]) => (
            <SchemaTable key={name} name={name} schema={schema} />
          ))}
        </section>
      </main>
    </>
  );
}
