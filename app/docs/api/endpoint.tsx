import { Prose } from './prose';
import { cell, ReferenceTable } from './reference-table';
import type { Operation } from './reference-types';
import { schemaType } from './schema-type';

/** One endpoint: its summary and description, its parameters, its answers by status. */
export function Endpoint({ path, op }: { path: string; op: Operation }) {
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
        <ReferenceTable caption={<>Parameters of {path}</>} headings={['Parameter', 'Type', 'Rules']}>
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
        </ReferenceTable>
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
