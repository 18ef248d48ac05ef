'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { mayRetry } from '@/lib/explorer/error-message';

export function QueryProvider({ children }: { children: React.ReactNode }) {
  // Once more after a failure that may pass (a 404 asked twice is two 404s).
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: (failures, error) => failures < 1 && mayRetry(error), refetchOnWindowFocus: false } } }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
