/** GET /api/user/licence_types: licence names and which of them each company type must upload. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LicenceTypes } from '@core/schemas/user';
import { http } from '@/api/client';

const licenceTypesQuery = () =>
  queryOptions({
    queryKey: ['user', 'licence_types'],
    queryFn: ({ signal }) => http.get<LicenceTypes>('/api/user/licence_types', undefined, { signal }),
    staleTime: 10 * 60_000,
  });

export const useLicenceTypes = () => useQuery(licenceTypesQuery());
