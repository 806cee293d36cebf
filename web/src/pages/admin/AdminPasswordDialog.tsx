import { adminPasswordSchema } from '@contract/admin'
import { CURRENT_PASSWORD_WRONG } from '@contract/password'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { PasswordChangeFields } from '../../components/PasswordChangeFields'
import { Modal } from '../../components/Modal'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { FormActions } from '../dashboard-shared/FormActions'
import { adminApi } from './adminApi'
import { saveAdminSession } from './adminSession'

/** The operator's own password, under the same rules as the profile forms' Security part. */
export function AdminPasswordDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState({ CurrentPassword: '', Password: '' })
  const form = useFieldErrors(schemaIssues(adminPasswordSchema), values, { messageFields: { [CURRENT_PASSWORD_WRONG]: 'CurrentPassword' } })
  const save = useMutation({
    mutationFn: adminApi.changePassword,
    onSuccess: (res) => {
      // The change revoked the token the call went with: the console keeps going on the fresh one.
      if (res.token) saveAdminSession({ token: res.token, admin: res.admin })
      toast.success(res.message)
      onClose()
    },
    onError: form.serverError,
  })

  function submit(e: FormEvent) {
    e.preventDefault()
    const checked = adminPasswordSchema.safeParse(values)
    if (form.check() && checked.success) save.mutate(checked.data)
  }

  return (
    <Modal
      open
      title="Change password"
      onClose={onClose}
      footer={<FormActions formId="admin-password-form" submitLabel="Save" busy={save.isPending} onCancel={onClose} />}
    >
      <form id="admin-password-form" noValidate onSubmit={submit} className="space-y-4">
        <PasswordChangeFields
          current={values.CurrentPassword}
          next={values.Password}
          onCurrent={(CurrentPassword) => setValues((v) => ({ ...v, CurrentPassword }))}
          onNext={(Password) => setValues((v) => ({ ...v, Password }))}
          optional={false}
          elsewhere="the console is signed out everywhere else"
          currentField={form.field('CurrentPassword')}
          nextField={form.field('Password')}
        />
      </form>
    </Modal>
  )
}
