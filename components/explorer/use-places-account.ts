'use client';

import { useQuery } from '@tanstack/react-query';
import { accountQuery, type PlacesAccount } from '@/lib/explorer/queries/account-query';

/** The account the page explores with: the server's answer at first, then whatever the organization switcher set. */
export function usePlacesAccount(initial: PlacesAccount): PlacesAccount {
  return useQuery({ ...accountQuery(), initialData: initial }).data;
}
