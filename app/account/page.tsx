import type { Metadata } from 'next';
import { AccountPage } from '@/components/account/account-page';

export const metadata: Metadata = { title: 'Account settings · Trip Explorer', robots: { index: false } };
export const dynamic = 'force-dynamic';

export default function AccountRoute() {
  return <AccountPage />;
}
