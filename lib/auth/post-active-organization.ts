/** Asks the server to explore as another organization (browser side; the server accepts only the session's own). */
export async function postActiveOrganization(organizationId: string): Promise<void> {
  const response = await fetch('/api/session/organization', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ organizationId }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? 'Could not switch organization.');
  }
}

/** The members page of an organization: where the switcher leads when it is changed on a members page. */
export function membersPathFor(pathname: string, organizationId: string): string | null {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? `/admin/${encodeURIComponent(organizationId)}` : null;
}
