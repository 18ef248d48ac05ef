import { Prose } from './prose';
import { cell, ReferenceTable } from './reference-table';
import type { Schema } from './reference-types';
import { schemaType } from './schema-type';

/** One schema of the answers: its description and its fields, optional ones marked. */
export function SchemaTable({ name, schema }: { name: string; schema: Schema }) {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return (
    <section aria-labelledby={`schema-${name}`} className="flex flex-col gap-2 border-t border-slate-200 pt-6">
      <h3 id={`schema-${name}`} className="font-mono text-lg font-semibold">{name}</h3>
      {typeof schema.description === 'string' && <p className="text-slate-700"><Prose text={schema.description} /></p>}
      {Object.keys(properties).length > 0 && (
        <ReferenceTable caption={<>Fields of {name}</>} headings={['Field', 'Type', 'Notes']}>
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
        </ReferenceTable>
      )}
    </section>
  );
}
