import type { z } from 'zod';

/** The first issue of a failed parse, as the API's error fields. */
export function firstIssue(error: z.ZodError): { message: string; parameter?: string } {
  const issue = error.issues[0];
  const parameter = issue?.path.length ? String(issue.path[0]) : undefined;
  if (issue?.code === 'unrecognized_keys') return { message: `unknown parameter ${issue.keys.join(', ')}`, parameter: issue.keys[0] };
  return { message: parameter ? `${parameter}: ${issue.message}` : (issue?.message ?? 'invalid input'), parameter };
}
