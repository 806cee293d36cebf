import { adminPasswordSchema } from '@contract/admin'
import { firstMessage } from '@contract/fields'
import { type FormEvent, useState } from 'react'
import { errorMessage } from '../../api/client'
import { PasswordChangeFields } from '../../components/PasswordChangeFields'
import { Modal } from '../../components/Modal'
import { toast } from '../../lib/toast'
import { FormActions } from '../dashboard-shared/FormActions'
import { adminApi } from './adminApi'
import { saveAdminSession } from './adminSession'

/** The operator's own password, under the same rules as the profile forms' Security part. */
export function AdminPasswordDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState({ CurrentPassword: '', Password: '' })
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const checked = adminPasswordSchema.safeParse(values)
    if (!checked.success) return void toast.error(firstMessage(checked.error))
    setBusy(true)
    try {
      const res = await adminApi.changePassword(checked.data)
      // The change revoked the token the call went with: the console keeps going on the fresh one.
      if (res.token) saveAdminSession({ token: res.token, admin: res.admin })
      toast.success(res.message)
      onClose()
    } catch (err) {
      toast.error(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title="Change password"
      onClose={onClose}
      footer={<FormActions formId="admin-password-form" submitLabel="Save" busy={busy} onCancel={onClose} />}
    >
      <form id="admin-password-form" noValidate onSubmit={submit} className="space-y-4">
        <PasswordChangeFields
          current={values.CurrentPassword}
          next={values.Password}
          onCurrent={(CurrentPassword) => setValues((v) => ({ ...v, CurrentPassword }))}
          onNext={(Password) => setValues((v) => ({ ...v, Password }))}
          optional={false}
          elsewhere="the console is signed out everywhere else"
        />
      </form>
    </Modal>
  )
}
