import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { EMAIL_TAKEN_MESSAGE } from '@contract/auth'
import { type MarketerSelf, PROFILE_UPDATED_MESSAGE, profileUpdateSchema } from '@contract/marketer'
import { CURRENT_PASSWORD_WRONG } from '@contract/password'
import { ApiError } from '../../api/client'
import { updateMarketer } from '../../api/marketers'
import { FormActions } from '../dashboard-shared/FormActions'
import { ContactFields, MarketerFields, PlatformFields, ProfilePasswordFields } from '../dashboard-shared/ProfileFields'
import { Modal } from '../../components/Modal'
import { replaceToken, updateMarketerData } from '../../lib/storage'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { DashboardTabs, type TabDef } from '../dashboard-shared/DashboardTabs'
import { PLATFORMS, type SocialDraft, socialDraft, socialPayload } from '../dashboard-shared/platforms'

const TABS: readonly TabDef<'basic' | 'social' | 'influencer' | 'security'>[] = [
  { key: 'basic', label: 'Basic Info' },
  { key: 'social', label: 'Social Media' },
  { key: 'influencer', label: 'Influencer' },
  { key: 'security', label: 'Security' },
]
type TabKey = (typeof TABS)[number]['key']

// Refusals only the server can make, each about one field.
const SERVER_FIELDS = { [CURRENT_PASSWORD_WRONG]: 'CurrentPassword', [EMAIL_TAKEN_MESSAGE]: 'Email' }

const UPDATE_FAILED = 'Failed to update profile. Please try again.'

const BASIC_KEYS = ['MarketerName', 'Email', 'MobileNumber']
const MARKETER_KEYS = ['Bio', 'Location', 'Category']

/** The tab that holds the field a message is about, so the user sees what to fix. */
function tabOf(field: string): TabKey {
  const name = field.split('.')[0]
  if (BASIC_KEYS.includes(name)) return 'basic'
  if (MARKETER_KEYS.includes(name)) return 'influencer'
  return name === 'Password' || name === 'CurrentPassword' ? 'security' : 'social'
}

type Basics = {
  MarketerName: string
  Email: string
  MobileNumber: string
  Bio: string
  Location: string
  Category: string
  Password: string
  CurrentPassword: string
}

const basicsOf = (m: MarketerSelf): Basics => ({
  MarketerName: m.MarketerName,
  Email: m.Email,
  MobileNumber: m.MobileNumber,
  Bio: m.Bio ?? '',
  Location: m.Location ?? '',
  Category: m.Category ?? '',
  Password: '',
  CurrentPassword: '',
})

/**
 * 'Edit Profile' with the tabs Basic Info, Social Media, Influencer, Security; one Save for all.
 * Mounted only while open, so it starts from the profile as it was when opened and a background
 * reload of the profile never overwrites what the user is typing.
 */
export function EditProfileModal({ marketer, open, onClose, onSaved }: { marketer: MarketerSelf; open: boolean; onClose: () => void; onSaved: () => void }) {
  const [tab, setTab] = useState<TabKey>('basic')
  const [basics, setBasics] = useState<Basics>(() => basicsOf(marketer))
  const [social, setSocial] = useState<SocialDraft>(() => socialDraft(marketer))
  const form = useFieldErrors(
    schemaIssues(profileUpdateSchema),
    { ...basics, ...socialPayload(social) },
    {
      messageFields: SERVER_FIELDS,
      reveal: (field) => setTab(tabOf(field)),
    },
  )
  const save = useMutation({
    mutationFn: async () => {
      const { Password, CurrentPassword, ...rest } = basics
      const res = await updateMarketer(marketer.MarketerID, {
        ...rest,
        Bio: rest.Bio.trim() || null,
        Location: rest.Location.trim() || null,
        Category: rest.Category || null,
        PreviewImage1: marketer.PreviewImage1,
        PreviewImage2: marketer.PreviewImage2,
        PreviewImage3: marketer.PreviewImage3,
        ...socialPayload(social),
        ...(Password ? { Password, CurrentPassword } : {}),
      })
      if (res.statusCode !== 1) throw new ApiError(res.message)
      return res
    },
    onSuccess: (res) => {
      // The change revoked the token this call was sent with: keep the session on the fresh one.
      if (res.token) replaceToken(res.token)
      toast.success(PROFILE_UPDATED_MESSAGE)
      updateMarketerData(res.data ?? {})
      onSaved()
      onClose()
    },
    onError: (err) => {
      // Bad input, a taken email and too many wrong passwords come back with their own message;
      // anything else is the generic one.
      const own = err instanceof ApiError && [400, 409, 429].includes(err.status)
      if (own) form.serverError(err)
      toast.error(own ? err.message : UPDATE_FAILED)
    },
    meta: { ownErrorToast: true },
  })

  const basicBinding = { values: basics, onValue: (key: keyof Basics, value: string) => setBasics((b) => ({ ...b, [key]: value })), field: form.field }

  function submit(e: FormEvent) {
    e.preventDefault()
    // The server's own schema, so the modal shows exactly the messages the API would answer; the
    // tab of the first field with a problem opens, and the focus goes to that field.
    if (form.check()) save.mutate()
  }

  return (
    <Modal
      open={open}
      title="Edit Profile"
      onClose={onClose}
      size="lg"
      footer={<FormActions formId="marketer-profile-form" submitLabel="Save Changes" busy={save.isPending} onCancel={onClose} />}
    >
      <DashboardTabs tabs={TABS} current={tab} onSelect={setTab} label="Profile sections" compact />
      <form id="marketer-profile-form" noValidate onSubmit={submit} className="pt-5">
        <div role="tabpanel" id="panel-basic" aria-labelledby="tab-basic" hidden={tab !== 'basic'} className="space-y-4">
          <ContactFields keys={{ name: 'MarketerName', mobile: 'MobileNumber', email: 'Email' }} binding={basicBinding} nameAutoComplete="name" />
        </div>
        <div role="tabpanel" id="panel-social" aria-labelledby="tab-social" hidden={tab !== 'social'} className="space-y-5">
          {PLATFORMS.map((p) => (
            <fieldset key={p.name} className="rounded-xl border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-900">{p.name}</legend>
              <PlatformFields platform={p} social={social} onValue={(key, value) => setSocial((s) => ({ ...s, [key]: value }))} field={form.field} />
            </fieldset>
          ))}
        </div>
        <div role="tabpanel" id="panel-influencer" aria-labelledby="tab-influencer" hidden={tab !== 'influencer'} className="space-y-4">
          <MarketerFields binding={basicBinding} bioPlaceholder="What you create and who follows you" categoryPrompt="Select a category" />
        </div>
        <div role="tabpanel" id="panel-security" aria-labelledby="tab-security" hidden={tab !== 'security'} className="space-y-4">
          <ProfilePasswordFields binding={basicBinding} />
        </div>
      </form>
    </Modal>
  )
}
