import type { Metadata } from 'next';
import { AdminPage } from '@/components/auth/admin-page';

export const metadata: Metadata = { title: 'Organization members · Trip Explorer' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export default async function AdminOrganizationPage({
  params,
  searchParams,
}: {
  params: Promise<{ organizationId: string }>;
  searchParams: SearchParams;
}) {
  const [{ organizationId }, query] = await Promise.all([params, searchParams]);
  return <AdminPage organizationId={organizationId} query={first(query.q)} role={first(query.role)} />;
}
