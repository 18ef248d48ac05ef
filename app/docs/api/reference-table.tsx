export const cell = 'border-b border-slate-200 px-3 py-2 align-top text-left';

/** A table of the reference (an endpoint's parameters, a schema's fields): a caption for screen readers, three columns. */
export function ReferenceTable({ caption, headings, children }: { caption: React.ReactNode; headings: [string, string, string]; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={cell}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
