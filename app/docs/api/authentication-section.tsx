import { Code } from './prose';

/** How a client signs its calls, and what a refusal looks like. */
export function AuthenticationSection() {
  return (
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
  );
}
