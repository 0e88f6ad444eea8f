/** DELETE /api/invoice/title/{id}: the next title becomes the default when the default goes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/client';
import { TITLES_KEY } from './get-titles';

export function useDeleteTitle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ id: number }>(`/api/invoice/title/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: TITLES_KEY }),
  });
}
