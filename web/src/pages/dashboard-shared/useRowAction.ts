import { useMutation } from '@tanstack/react-query'
import { toast } from '../../lib/toast'

type RowAction = { id: number; action: () => Promise<{ message: string } | null>; after: () => unknown }

/**
 * One row action at a time (toggle, delete, status change): the row's id is busy while it runs,
 * the server's message is toasted either way, and on success `after` runs (close a dialog, reload).
 * An action that answers null handed the decision to a dialog: nothing is toasted and `after` waits.
 */
export function useRowAction(): {
  busyId: number | null
  run: (id: number, action: () => Promise<{ message: string } | null>, after: () => unknown) => Promise<void>
} {
  const mutation = useMutation({
    mutationFn: ({ action }: RowAction) => action(),
    onSuccess: async (result, { after }) => {
      if (result === null) return
      toast.success(result.message)
      await after()
    },
  })
  return {
    busyId: mutation.isPending ? mutation.variables.id : null,
    // The failure is already toasted by the query client's mutation cache.
    run: (id, action, after) =>
      mutation.mutateAsync({ id, action, after }).then(
        () => undefined,
        () => undefined,
      ),
  }
}
