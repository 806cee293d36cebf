import { useMutation } from '@tanstack/react-query'
import type { FormEvent, ReactNode } from 'react'
import { toast } from '../lib/toast'
import { Button } from './Button'
import { TextAreaField } from './Field'
import { Modal } from './Modal'

export type NoteRequest = {
  title: string
  /** What confirming will do, in words. */
  intro: ReactNode
  label: string
  hint?: string
  confirm: string
  danger?: boolean
  maxLength: number
  /** The first problem with the trimmed text (the contract's message), or null. */
  problem: (text: string) => string | null
  /** Runs the action; its message is toasted as the success. */
  run: (text: string) => Promise<{ message: string }>
}

/**
 * A confirmation that asks for a note (a reason, a dispute, a resolution): says what will happen,
 * checks the text with the contract's rule, runs the action and toasts the server's message. The
 * Modal traps focus and closes on Escape; closing changes nothing.
 */
export function NoteDialog({ request, onClose, onDone }: { request: NoteRequest | null; onClose: () => void; onDone: () => void }) {
  const save = useMutation({
    mutationFn: ({ request, text }: { request: NoteRequest; text: string }) => request.run(text),
    onSuccess: (res) => {
      toast.success(res.message)
      onDone()
      onClose()
    },
  })
  const busy = save.isPending
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!request) return
    const text = String(new FormData(e.currentTarget).get('note') ?? '').trim()
    const problem = request.problem(text)
    if (problem) return toast.error(problem)
    save.mutate({ request, text })
  }
  return (
    <Modal open={request !== null} title={request?.title ?? ''} onClose={busy ? () => undefined : onClose}>
      {request && (
        <form onSubmit={submit} noValidate className="space-y-4" data-note-dialog>
          <div className="space-y-2 text-sm text-slate-700">{request.intro}</div>
          <TextAreaField label={request.label} hint={request.hint} name="note" required maxLength={request.maxLength} rows={3} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant={request.danger ? 'danger' : 'primary'} busy={busy}>
              {request.confirm}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  )
}
