import { QueryClient } from '@tanstack/react-query';

/**
 * The one query cache of the app. Failures are reported by the HTTP client itself (spec section 8),
 * so a failed call is not retried behind the buyer's back; it shows its error state with a retry button.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
