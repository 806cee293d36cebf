import { useState } from 'react'
import { errorMessage } from '../../api/client'
import { toast } from '../../lib/toast'

/**
 * One row action at a time (toggle, delete, status change): the row's id is busy while it runs,
 * the server's message is toasted either way, and on success `after` runs (close a dialog, reload).
 * An action that answers null handed the decision to a dialog: nothing is toasted and `after` waits.
 */
export function useRowAction(): {
  busyId: number | null
  run: (id: number, action: () => Promise<{ message: string } | null>, after: () => unknown) => Promise<void>
} {
  const [busyId, setBusyId] = useState<number | null>(null)
  async function run(id: number, action: () => Promise<{ message: string } | null>, after: () => unknown) {
    setBusyId(id)
    try {
      const result = await action()
      if (result === null) return
      toast.success(result.message)
      await after()
    } catch (err) {
      toast.error(errorMessage(err))
    } finally {
      setBusyId(null)
    }
  }
  return { busyId, run }
}
