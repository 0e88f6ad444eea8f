/** A batch's near-expiry price (近效期价): read when its form opens, set by goods:write (docs/decisions/037-near-expiry-zone.md). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClearancePrice } from '@core/schemas/quality';
import { adminHttp } from '@/lib/admin/http';
import { AUDIT_KEY } from '@/lib/admin/keys';
import { BATCHES_KEY } from './batches';

const priceUrl = (id: number) => `/api/admin/quality/batches/${id}/clearance_price`;

export const useClearancePrice = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...BATCHES_KEY, 'clearance', id],
    queryFn: ({ signal }) => adminHttp.get<ClearancePrice>(priceUrl(id), undefined, { signal }),
    enabled,
  });

export function useSetClearancePrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, price }: { id: number; price: string | null }) => adminHttp.post<ClearancePrice>(priceUrl(id), { clearance_price: price }),
    onSuccess: (answer) => {
      client.setQueryData([...BATCHES_KEY, 'clearance', answer.id], answer);
      void client.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}
