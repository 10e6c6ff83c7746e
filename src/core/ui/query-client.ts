import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../http';

/** Server data lives in TanStack Query; a non-ok answer is final, a lost connection is retried once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 1 && error instanceof HttpError && error.status === 0,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
