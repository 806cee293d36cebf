import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { errorMessage } from '../api/client'
import { getMarketerId, getVendorData, subscribeStorage } from './storage'
import { toast } from './toast'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** A failed load is toasted (a dialog that has no error state of its own). */
      errorToast?: boolean
    }
    mutationMeta: {
      /** The mutation toasts its own failure (a spec text of its own instead of the server's message). */
      ownErrorToast?: boolean
    }
  }
}

// Server state of the web app: lists and dashboards load with useQuery, forms and row actions
// submit with useMutation (its isPending is the button's busy state). Pages are fresh for 30 s:
// moving back a page shows it at once, and a page left open is refetched when the user comes back.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
  // Every failed submit says why in one error toast: the server's message, a network failure's
  // text, or the session-expired words (the API client has already ended the session then, and the
  // toast store shows the same words only once).
  queryCache: new QueryCache({
    onError: (err, query) => {
      if (query.meta?.errorToast) toast.error(errorMessage(err))
    },
  }),
  mutationCache: new MutationCache({
    onError: (err, _variables, _result, mutation) => {
      if (!mutation.meta?.ownErrorToast) toast.error(errorMessage(err))
    },
  }),
})

// What the cache holds belongs to one signed-in account (many keys, like ['vendor', 'trend'], name
// no account): when another account signs in, or nobody is signed in any more (sign-out, expiry,
// here or in another tab), nothing of the previous one may show.
const account = () => `${getVendorData()?.VendorID ?? ''}/${getMarketerId() ?? ''}`
let current = account()
subscribeStorage(() => {
  const next = account()
  if (next === current) return
  current = next
  queryClient.removeQueries()
})
