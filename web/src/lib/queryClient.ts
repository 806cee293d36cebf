import { QueryClient } from '@tanstack/react-query'

// Server state of the paged lists. Pages are fresh for 30 s: moving back a page shows it at once,
// and a page left open is refetched when the user comes back to it later.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
})
