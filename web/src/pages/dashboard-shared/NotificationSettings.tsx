import { firstMessage } from '@contract/fields'
import { isAlwaysOn, KINDS_BY_ROLE, NOTIFICATION_KIND_LABELS, type NotificationKind, notificationPreferencesSchema } from '@contract/notifications'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { safeParse } from 'zod/mini'
import { errorMessage } from '../../api/client'
import { useNotificationPreferences, useSaveNotificationPreferences } from '../../api/notifications'
import { Section } from '../../components/Section'
import { Button } from '../../components/Button'
import { inputClasses } from '../../components/Field'
import { LoadingRegion, placeholderKeys, Skeleton } from '../../components/Skeleton'
import { formatIstHour } from '../../lib/istTime'
import { toast } from '../../lib/toast'
import { draftOf, type NotificationAccount, type PreferencesDraft, preferencesInput } from './notificationRules'

export const ALWAYS_SENT_NOTE = 'Security and money emails are always sent'
const HOURS = Array.from({ length: 24 }, (_, hour) => hour)

/** The profile's Notifications section: which mails the caller gets, and for vendors when. */
export function NotificationSettings({ account }: { account: NotificationAccount }) {
  const saved = useNotificationPreferences()
  const save = useSaveNotificationPreferences()
  const [draft, setDraft] = useState<PreferencesDraft | null>(null)
  useEffect(() => {
    if (saved.data) setDraft(draftOf(saved.data))
  }, [saved.data])
  const kinds: readonly NotificationKind[] = KINDS_BY_ROLE[account]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!draft) return
    const input = preferencesInput(account, draft)
    const checked = safeParse(notificationPreferencesSchema, input)
    if (!checked.success) return void toast.error(firstMessage(checked.error))
    save.mutate(input, { onSuccess: (res) => toast.success(res.message) })
  }

  return (
    <Section
      id="notification-settings-title"
      title="Notifications"
      subtitle="Which emails we send you. The bell on your dashboard shows every notification whatever you choose here."
    >
      {saved.isError && !draft ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <span>{errorMessage(saved.error)}</span>
          <Button variant="secondary" size="sm" busy={saved.isFetching} onClick={() => void saved.refetch()}>
            Try again
          </Button>
        </div>
      ) : !draft ? (
        <LoadingRegion label="Loading notification settings" className="space-y-3">
          {placeholderKeys(kinds.length).map((key) => (
            <Skeleton key={key} className="h-6 w-full" />
          ))}
        </LoadingRegion>
      ) : (
        <form onSubmit={submit} noValidate>
          <fieldset>
            <legend className="sr-only">Emails to send</legend>
            <ul className="divide-y divide-slate-100 border-y border-slate-100">
              {kinds.map((kind) => (
                <li key={kind}>
                  <KindSwitch
                    label={NOTIFICATION_KIND_LABELS[kind]}
                    alwaysOn={isAlwaysOn(kind)}
                    checked={isAlwaysOn(kind) || (draft.mail[kind] ?? true)}
                    onChange={(on) => setDraft({ ...draft, mail: { ...draft.mail, [kind]: on } })}
                  />
                </li>
              ))}
            </ul>
            <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-500">
              <LockIcon />
              {ALWAYS_SENT_NOTE}
            </p>
          </fieldset>
          {account === 'vendor' && <DigestChoice draft={draft} leadsOn={draft.mail['lead-new'] ?? true} onChange={setDraft} />}
          <div className="mt-5 flex justify-end">
            <Button type="submit" busy={save.isPending} className="w-full sm:w-auto">
              Save notification settings
            </Button>
          </div>
        </form>
      )}
    </Section>
  )
}

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5 shrink-0">
      <path
        fillRule="evenodd"
        d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
        clipRule="evenodd"
      />
    </svg>
  )
}

/** One kind's on/off switch: a real checkbox (role switch) laid over its drawn track, so taps and labels both work. */
function KindSwitch({ label, alwaysOn, checked, onChange }: { label: string; alwaysOn: boolean; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId()
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <label htmlFor={id} className="min-w-0 text-sm text-slate-800">
        {label}
        {alwaysOn && <span className="block text-xs text-slate-500">Always sent</span>}
      </label>
      <span className="relative inline-flex h-6 w-11 shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          disabled={alwaysOn}
          onChange={(e) => onChange(e.target.checked)}
          className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden="true"
          className="h-6 w-11 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-600 peer-disabled:opacity-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-0.5 top-0.5 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </div>
  )
}

/** Vendors: each new lead mailed at once, or one digest a day at an hour of India's day. */
function DigestChoice({ draft, leadsOn, onChange }: { draft: PreferencesDraft; leadsOn: boolean; onChange: (draft: PreferencesDraft) => void }) {
  const name = useId()
  const hourId = useId()
  const radio = 'size-4 shrink-0 accent-brand-600 disabled:cursor-not-allowed'
  return (
    <fieldset disabled={!leadsOn} className="mt-5 disabled:opacity-60">
      <legend className="text-sm font-medium text-slate-700">When to email new leads</legend>
      <div className="mt-2 space-y-3">
        <label className="flex items-center gap-3 text-sm text-slate-800">
          <input type="radio" name={name} className={radio} checked={!draft.digest} onChange={() => onChange({ ...draft, digest: false })} />
          Instantly
        </label>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <label className="flex items-center gap-3 text-sm text-slate-800">
            <input type="radio" name={name} className={radio} checked={draft.digest} onChange={() => onChange({ ...draft, digest: true })} />
            One daily digest at
          </label>
          <label htmlFor={hourId} className="sr-only">
            Digest hour (India time)
          </label>
          <div className="ml-7 w-44 sm:ml-0">
            <select
              id={hourId}
              value={draft.hour}
              disabled={!draft.digest}
              onChange={(e) => onChange({ ...draft, hour: Number(e.target.value) })}
              className={`${inputClasses} pr-10`}
            >
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {formatIstHour(hour)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {!leadsOn && <p className="mt-2 text-xs text-slate-500">Turn on new lead emails to choose when they come.</p>}
    </fieldset>
  )
}
