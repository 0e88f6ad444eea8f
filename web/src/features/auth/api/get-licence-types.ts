/** GET /api/user/licence_types: licence names and which of them each company type must upload. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyType, LicenceType } from '@core/constants';
import { http } from '@/api/client';

export type LicenceTypes = {
  types: Record<LicenceType, string>;
  required: Record<CompanyType, LicenceType[]>;
};

export const licenceTypesQuery = () =>
  queryOptions({
    queryKey: ['user', 'licence_types'],
    queryFn: ({ signal }) => http.get<LicenceTypes>('/api/user/licence_types', undefined, { signal }),
    staleTime: 10 * 60_000,
  });

export const useLicenceTypes = () => useQuery(licenceTypesQuery());
