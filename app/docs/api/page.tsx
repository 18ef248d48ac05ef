import type { Metadata } from 'next';
import { SiteHeader } from '@/components/layout/site-header';
import { openApiDocument } from '@/lib/places/openapi/document';
import { DEFAULT_ROUTE_BUFFER, MAX_ROUTE_BUFFER, MAX_ROUTE_KM, MAX_ROUTE_POINTS } from '@/lib/places/query/search-query';
import { schemaType } from './schema-type';

export const metadata: Metadata = {
  title: 'Place API reference · Trip Explorer',
  description: 'Endpoints, parameters, fields and errors of the signed Place API (v2), from its OpenAPI document.',
};

type Schema = Record<string, unknown>;
interface Operation {
  summary: string;
  description?: string;
  parameters?: { name: string; in: string; required: boolean; description: string; schema: Schema }[];
  responses: Record<string, { description: string }>;
}

const doc = openApiDocument('');

const cell = 'border-b border-slate-200 px-3 py-2 align-top text-left';

function Code({ children }: { children: React.ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]">{children}</code>;
}

/** Description text from the OpenAPI document: `backticked` spans become code, the rest stays plain text. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) => (i % 2 === 1 ? <Code key={i}>{part}</Code> : part))}
    </>
  );
}

function Endpoint({ path, op }: { path: string; op: Operation }) {
  const id = `endpoint-${path.replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 border-t border-slate-200 pt-6">
      <h3 id={id} className="text-lg font-semibold">
        <span className="mr-2 rounded bg-brand-100 px-2 py-0.5 font-mono text-sm text-brand-700">GET</span>
        <span className="font-mono">{path}</span>
      </h3>
      <p className="font-medium"><Prose text={op.summary} /></p>
      {op.description && <p className="text-slate-700"><Prose text={op.description} /></p>}
      {op.parameters && op.parameters.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] border-collapse text-sm">
            <caption className="sr-only">Parameters of {path}</caption>
            <thead>
              <tr>
                <th scope="col" className={cell}>Parameter</th>
                <th scope="col" className={cell}>Type</th>
                <th scope="col" className={cell}>Rules</th>
              </tr>
            </thead>
            <tbody>
              {op.parameters.map((p) => (
                <tr key={p.name}>
                  <th scope="row" className={`${cell} font-mono font-normal`}>
                    {p.name}
                    {p.required && <span className="ml-1 text-xs text-red-700">(required)</span>}
                  </th>
                  <td className={`${cell} font-mono text-xs`}>{schemaType(p.schema)}</td>
                  <td className={cell}><Prose text={p.description} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <dl className="grid grid-cols-[4rem_1fr] gap-x-3 gap-y-1 text-sm">
        {Object.entries(op.responses).map(([status, r]) => (
          <div key={status} className="contents">
            <dt className="font-mono font-semibold">{status}</dt>
            <dd><Prose text={r.description} /></dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SchemaTable({ name, schema }: { name: string; schema: Schema }) {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return (
    <section aria-labelledby={`schema-${name}`} className="flex flex-col gap-2 border-t border-slate-200 pt-6">
      <h3 id={`schema-${name}`} className="font-mono text-lg font-semibold">{name}</h3>
      {typeof schema.description === 'string' && <p className="text-slate-700"><Prose text={schema.description} /></p>}
      {Object.keys(properties).length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] border-collapse text-sm">
            <caption className="sr-only">Fields of {name}</caption>
            <thead>
              <tr>
                <th scope="col" className={cell}>Field</th>
                <th scope="col" className={cell}>Type</th>
                <th scope="col" className={cell}>Notes</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(properties).map(([field, s]) => (
                <tr key={field}>
                  <th scope="row" className={`${cell} font-mono font-normal`}>
                    {field}
                    {!required.has(field) && <span className="ml-1 text-xs text-slate-500">(optional)</span>}
                  </th>
                  <td className={`${cell} font-mono text-xs`}>{schemaType(s)}</td>
                  <td className={cell}>{typeof s.description === 'string' ? <Prose text={s.description} /> : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

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

      <section aria-labelledby="authentication" className="flex flex-col gap-3">
        <h2 id="authentication" className="text-2xl font-semibold">Authentication</h2>
        <p>
          Send <Code>SVC-ORG-APP-CLIENT-ID</Code> and <Code>SVC-ORG-APP-HMAC</Code> with every call. The signature is the
          hexadecimal HMAC-SHA256, keyed with your secret key, of the path and query exactly as sent from{' '}
          <Code>/api/v2/</Code> on, followed by a hyphen:
        </p>
        <pre className="overflow-x-auto rounded bg-slate-900 p-4 text-sm text-slate-100">
          {`printf '%s' '/api/v2/search?center=-104.99,39.74&radius=5000-' \\
  | openssl dgst -sha256 -hmac "$SECRET_KEY"`}
        </pre>
        <p>
          Missing headers, an unknown client or a wrong signature: 401. A disabled client, or RV service data the account
          does not include: 403. Every error has the body <Code>{'{"error": {"code", "message", "parameter"?}}'}</Code>.
        </p>
      </section>

      <section aria-labelledby="route" className="flex flex-col gap-3">
        <h2 id="route" className="text-2xl font-semibold">Search along a route</h2>
        <p>
          Give <Code>route</Code>, an encoded polyline (precision 5, as routers and map libraries write it), and{' '}
          <Code>route_buffer</Code> in meters: the area is every point within the buffer of the route, whose legs are
          great-circle arcs. Every filter applies; a <Code>center</Code> and <Code>radius</Code> or a box cut the
          corridor further. Results come in the order of the route (<Code>sort=route</Code>, the default with a route),
          each with <Code>route_offset</Code> (meters along the route) and <Code>route_distance</Code> (meters from it);{' '}
          <Code>meta.total</Code> is exact. Percent-encode the polyline in the query and sign it as sent.
        </p>
        <pre className="overflow-x-auto rounded bg-slate-900 p-4 text-sm text-slate-100">
          {`GET /api/v2/search?route=_p~iF~ps%7CU_ulLnnqC_mqNvxq%60%40&route_buffer=10000&tags=campgrounds`}
        </pre>
        <p>
          Limits: {MAX_ROUTE_POINTS} points and {MAX_ROUTE_KM.toLocaleString('en-US')} km of route, a buffer of 1 to{' '}
          {MAX_ROUTE_BUFFER.toLocaleString('en-US')} m (default {DEFAULT_ROUTE_BUFFER.toLocaleString('en-US')}). Past them, or
          for a malformed polyline, the answer is 400 <Code>invalid_parameter</Code> naming <Code>route</Code> or{' '}
          <Code>route_buffer</Code>, with a message that says what is wrong.
        </p>
      </section>

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
