export function Code({ children }: { children: React.ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]">{children}</code>;
}

/** Description text from the OpenAPI document: `backticked` spans become code, the rest stays plain text. */
export function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) => (i % 2 === 1 ? <Code key={i}>{part}</Code> : part))}
    </>
  );
}
