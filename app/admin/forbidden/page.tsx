import type { Metadata } from 'next';
import { AdminPage } from '@/components/auth/admin-page';

export const metadata: Metadata = { title: 'Forbidden · Trip Explorer' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where the proxy rewrites refused admin requests (with status 403, naming the organization asked for). */
export default async function AdminForbiddenPage({ searchParams }: { searchParams: SearchParams }) {
  const requested = (await searchParams).organization;
  return <AdminPage forbidden forbiddenOrganizationId={typeof requested === 'string' ? requested : undefined} query="" role="" />;
}
