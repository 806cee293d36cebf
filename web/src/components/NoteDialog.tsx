import { useMutation } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useState } from 'react'
import { messageIssue } from '../lib/fieldErrors'
import { toast } from '../lib/toast'
import { useFieldErrors } from '../lib/useFieldErrors'
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
  return (
    <Modal open={request !== null} title={request?.title ?? ''} onClose={busy ? () => undefined : onClose}>
      {request && <NoteForm request={request} busy={busy} onCancel={onClose} onSend={(text) => save.mutate({ request, text })} />}
    </Modal>
  )
}

/** The note and its buttons; mounted per opening, so each starts empty and unmarked. */
function NoteForm({ request, busy, onCancel, onSend }: { request: NoteRequest; busy: boolean; onCancel: () => void; onSend: (text: string) => void }) {
  const [text, setText] = useState('')
  const form = useFieldErrors((note: string) => messageIssue(request.problem(note.trim()), () => 'note'), text)
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (form.check()) onSend(text.trim())
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-note-dialog>
      <div className="space-y-2 text-sm text-slate-700">{request.intro}</div>
      <TextAreaField
        label={request.label}
        hint={request.hint}
        name="note"
        required
        maxLength={request.maxLength}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        {...form.field('note')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant={request.danger ? 'danger' : 'primary'} busy={busy}>
          {request.confirm}
        </Button>
      </div>
    </form>
  )
}
