import { Button } from '../../components/Button'

/** A form modal's footer: Cancel, then the submit button tied to the form by id (it sits outside the form). */
export function FormActions({ formId, submitLabel, busy, onCancel }: { formId: string; submitLabel: string; busy: boolean; onCancel: () => void }) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={formId} busy={busy}>
        {submitLabel}
      </Button>
    </>
  )
}
