import type { Metadata } from 'next';
import { AdminPage } from '@/components/auth/admin-page';

export const metadata: Metadata = { title: 'Organization members · Trip Explorer' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export default async function AdminIndexPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  return <AdminPage query={first(params.q)} role={first(params.role)} />;
}
