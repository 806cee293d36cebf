import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { EMAIL_TAKEN_MESSAGE } from '@contract/auth'
import { CURRENT_PASSWORD_WRONG } from '@contract/password'
import { type VendorAnalytics, type VendorSelf, vendorUpdateSchema } from '@contract/vendor'
import { ApiError } from '../../api/client'
import { updateVendor, uploadVendorPicture } from '../../api/vendor'
import { Button } from '../../components/Button'
import { ContactFields, ProfilePasswordFields } from '../dashboard-shared/ProfileFields'
import { Modal } from '../../components/Modal'
import { Skeleton } from '../../components/Skeleton'
import { replaceToken, updateVendorData } from '../../lib/storage'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { DownloadMyData } from '../dashboard-shared/DownloadMyData'
import { FormActions } from '../dashboard-shared/FormActions'
import { ProfileCover } from '../dashboard-shared/ProfileCover'

type Props = { vendor: VendorSelf; analytics: VendorAnalytics | null; onChanged: () => void }

export function ProfileTab({ vendor, analytics, onChanged }: Props) {
  const [editing, setEditing] = useState(false)

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const res = await uploadVendorPicture(vendor.VendorID, file)
      if (res.statusCode !== 1) throw new ApiError(res.message)
      return res
    },
    onSuccess: (res) => {
      toast.success(res.message)
      if (res.data?.VendorProfilePic !== undefined) updateVendorData({ VendorProfilePic: res.data.VendorProfilePic })
      onChanged()
    },
  })

  const counts = [
    { label: 'Total Product', value: analytics?.totalProducts },
    { label: 'Leads', value: analytics?.totalLeads },
    { label: 'Converted', value: analytics?.totalConvertedLead },
  ]
  return (
    <ProfileCover
      labelledBy="profile-title"
      name={vendor.VendorName}
      picture={vendor.VendorProfilePic}
      uploading={upload.isPending}
      onPick={(f) => upload.mutate(f)}
      action={
        <div className="flex flex-wrap justify-end gap-2">
          <DownloadMyData kind="vendors" id={vendor.VendorID} />
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Update
          </Button>
        </div>
      }
    >
      <h2 id="profile-title" className="mt-4 text-2xl font-bold text-slate-900 wrap-anywhere">
        {vendor.VendorName}
      </h2>
      <dl className="mt-2 space-y-1 text-sm text-slate-600">
        <div className="flex gap-2">
          <dt className="font-medium text-slate-500">Mobile:</dt>
          <dd>{vendor.MobileNumber}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-medium text-slate-500">Email:</dt>
          <dd className="break-all">{vendor.Email}</dd>
        </div>
      </dl>
      <dl className="mt-6 grid grid-cols-3 gap-3">
        {counts.map((c) => (
          <div key={c.label} className="rounded-xl bg-slate-50 p-3 text-center sm:p-4" data-count={c.label}>
            <dt className="text-xs font-medium text-slate-500 sm:text-sm">{c.label}</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl">{c.value === undefined ? <Skeleton className="mx-auto h-7 w-10" /> : c.value}</dd>
          </div>
        ))}
      </dl>
      {/* Mounted only while open: it starts from the profile as opened, and a reload never overwrites typing. */}
      {editing && <UpdateProfileModal vendor={vendor} open onClose={() => setEditing(false)} onSaved={onChanged} />}
    </ProfileCover>
  )
}

function UpdateProfileModal({ vendor, open, onClose, onSaved }: { vendor: VendorSelf; open: boolean; onClose: () => void; onSaved: () => void }) {
  const [values, setValues] = useState({ VendorName: vendor.VendorName, Mobile: vendor.MobileNumber, Email: vendor.Email, CurrentPassword: '', Password: '' })
  const form = useFieldErrors(schemaIssues(vendorUpdateSchema), values, {
    messageFields: { [CURRENT_PASSWORD_WRONG]: 'CurrentPassword', [EMAIL_TAKEN_MESSAGE]: 'Email' },
  })
  const save = useMutation({
    mutationFn: async () => {
      const { Password, CurrentPassword, ...profile } = values
      const res = await updateVendor({ ...profile, VendorID: vendor.VendorID, ...(Password ? { Password, CurrentPassword } : {}) })
      if (res.statusCode !== 1) throw new ApiError(res.message)
      return res
    },
    onSuccess: (res) => {
      // A password change revoked the token this call was sent with: keep the session on the fresh one.
      if (res.token) replaceToken(res.token)
      toast.success(res.message)
      updateVendorData(res.data ?? { VendorName: values.VendorName, MobileNumber: values.Mobile, Email: values.Email })
      onSaved()
      onClose()
    },
    onError: form.serverError,
  })
  const binding = { values, onValue: (key: keyof typeof values, value: string) => setValues((v) => ({ ...v, [key]: value })), field: form.field }
  function submit(e: FormEvent) {
    e.preventDefault()
    if (form.check()) save.mutate()
  }

  return (
    <Modal
      open={open}
      title="Update Profile"
      onClose={onClose}
      footer={<FormActions formId="vendor-profile-form" submitLabel="Save" busy={save.isPending} onCancel={onClose} />}
    >
      <form id="vendor-profile-form" noValidate onSubmit={submit} className="space-y-4">
        <ContactFields keys={{ name: 'VendorName', mobile: 'Mobile', email: 'Email' }} binding={binding} nameAutoComplete="organization" />
        <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Change password</legend>
          <ProfilePasswordFields binding={binding} />
        </fieldset>
      </form>
    </Modal>
  )
}
