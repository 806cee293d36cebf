import { MARKETER_CATEGORIES } from '@contract/marketer'
import type { ReactNode } from 'react'
import type { PlatformDef, SocialDraft } from './platforms'
import { MobileField, SelectField, TextAreaField, TextField } from '../../components/Field'
import { PasswordChangeFields } from '../../components/PasswordChangeFields'

/** What useFieldErrors' `field(name)` gives a field: its id and its message. */
type Marks = { id: string; error?: string }

/**
 * A form's values, one string per field, and how the fields write back and get their marks: the
 * shape every profile form here has (sign-up, the profile dialogs, the social setup page).
 */
export type FieldBinding<K extends string> = {
  values: Record<K, string>
  onValue: (key: K, value: string) => void
  field: (key: K) => Marks
}

/**
 * Who the account is: name, mobile and email, in that order, as the sign-up pages and both profile
 * dialogs ask for them. `keys` names the fields in the form's values (the vendor profile's mobile is
 * `Mobile`); `named` gives the inputs the sign-up pages' form names.
 */
export function ContactFields<K extends string>({
  keys,
  binding: { values, onValue, field },
  nameLabel = 'Name',
  emailLabel = 'Email',
  nameAutoComplete,
  nameMaxLength,
  named = false,
}: {
  keys: { name: K; mobile: K; email: K }
  binding: FieldBinding<K>
  nameLabel?: string
  emailLabel?: string
  nameAutoComplete: 'name' | 'organization'
  nameMaxLength?: number
  named?: boolean
}) {
  return (
    <>
      <TextField
        label={nameLabel}
        name={named ? 'name' : undefined}
        autoComplete={nameAutoComplete}
        maxLength={nameMaxLength}
        value={values[keys.name]}
        onChange={(e) => onValue(keys.name, e.target.value)}
        {...field(keys.name)}
      />
      <MobileField
        label="Mobile"
        name={named ? 'mobile' : undefined}
        value={values[keys.mobile]}
        onValue={(v) => onValue(keys.mobile, v)}
        {...field(keys.mobile)}
      />
      <TextField
        label={emailLabel}
        type="email"
        name={named ? 'email' : undefined}
        autoComplete="email"
        value={values[keys.email]}
        onChange={(e) => onValue(keys.email, e.target.value)}
        {...field(keys.email)}
      />
    </>
  )
}

type MarketerKey = 'Bio' | 'Location' | 'Category'

/** What an influencer says about their work: bio, location and category (profile dialog and social setup). */
export function MarketerFields({
  binding: { values, onValue, field },
  bioPlaceholder,
  categoryPrompt,
}: {
  binding: FieldBinding<MarketerKey>
  bioPlaceholder: string
  /** An empty first choice ('Select a category'), where the profile may have none yet. */
  categoryPrompt?: string
}) {
  return (
    <>
      <TextAreaField label="Bio" value={values.Bio} onChange={(e) => onValue('Bio', e.target.value)} placeholder={bioPlaceholder} {...field('Bio')} />
      <TextField
        label="Location"
        placeholder="City, Country"
        value={values.Location}
        onChange={(e) => onValue('Location', e.target.value)}
        {...field('Location')}
      />
      <SelectField label="Category" value={values.Category} onChange={(e) => onValue('Category', e.target.value)} {...field('Category')}>
        {categoryPrompt && <option value="">{categoryPrompt}</option>}
        {MARKETER_CATEGORIES.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </SelectField>
    </>
  )
}

/** One platform's handle (or link), its audience and, where it has one, how many it follows. */
export function PlatformFields({
  platform: p,
  social,
  onValue,
  field,
  children,
}: {
  platform: PlatformDef
  social: SocialDraft
  onValue: (key: keyof SocialDraft, value: string) => void
  field: (key: keyof SocialDraft) => Marks
  /** Below the counts (the setup page's image and audience line). */
  children?: ReactNode
}) {
  const count = (key: keyof SocialDraft, label: string, wide: boolean) => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min="0"
      step="1"
      value={social[key]}
      onChange={(e) => onValue(key, e.target.value)}
      wrapperClassName={wide ? 'col-span-2' : ''}
      {...field(key)}
    />
  )
  return (
    <div className="space-y-3">
      <TextField
        label={p.handleLabel}
        type={p.isUrl ? 'url' : 'text'}
        inputMode={p.isUrl ? 'url' : 'text'}
        placeholder={p.placeholder}
        value={social[p.handle]}
        onChange={(e) => onValue(p.handle, e.target.value)}
        {...field(p.handle)}
      />
      <div className="grid grid-cols-2 gap-3">
        {count(p.count, p.countLabel, !p.following)}
        {p.following && count(p.following, `${p.name} Following`, false)}
      </div>
      {children}
    </div>
  )
}

/** A profile dialog's optional password change: the new password, and the current one to allow it. */
export function ProfilePasswordFields({ binding: { values, onValue, field } }: { binding: FieldBinding<'CurrentPassword' | 'Password'> }) {
  return (
    <PasswordChangeFields
      current={values.CurrentPassword}
      next={values.Password}
      onCurrent={(v) => onValue('CurrentPassword', v)}
      onNext={(v) => onValue('Password', v)}
      optional
      elsewhere="other devices are signed out"
      currentField={field('CurrentPassword')}
      nextField={field('Password')}
    />
  )
}
