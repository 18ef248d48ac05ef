import type { Metadata } from 'next';
import { AdminPage } from '@/components/auth/admin-page';

export const metadata: Metadata = { title: 'Forbidden · Trip Explorer' };

/** Where the proxy rewrites refused admin requests (with status 403); it is forbidden for everyone by design. */
export default function AdminForbiddenPage() {
  return <AdminPage forbidden query="" role="" />;
}
