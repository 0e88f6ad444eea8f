/**
 * GET /api/user/zizhi (the licences, what the company type needs, where the review stands) and the new
 * picture of one: POST /api/user/zizhi/{id}, or POST /api/user/zizhi {type, ...} for a type not held yet.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Licence, LicenceList, licenceUploadBody } from '@core/schemas/member';
import { http } from '@/api/client';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';

const LICENCES_KEY = ['user', 'zizhi'] as const;

const licencesQuery = () =>
  queryOptions({ queryKey: LICENCES_KEY, queryFn: ({ signal }) => http.get<LicenceList>('/api/user/zizhi', undefined, { signal }), staleTime: 0 });

export const useLicences = () => useQuery(licencesQuery());

/** A new picture of the licence `id`, or (without `id`) a first one of `type`. */
export type LicenceUpload = z.input<typeof licenceUploadBody> & { id?: number; type?: Licence['type'] };

export function useUploadLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, type, ...body }: LicenceUpload) => http.post<Licence>(id ? `/api/user/zizhi/${id}` : '/api/user/zizhi', id ? body : { type, ...body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: LICENCES_KEY });
      void client.invalidateQueries({ queryKey: USER_BASE_KEY });
      void client.invalidateQueries({ queryKey: ['user', 'center'] });
    },
  });
}
