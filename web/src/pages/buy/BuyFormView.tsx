import { type BuyFieldName, type BuyFormValues, type BuyLinkCode, type BuyProduct, type BuySubmission, WITHOUT_CODE_FIELD } from '@contract/buy-page'
import { dpdpNotice } from '@contract/dpdp'
import { buyPagePath } from '@contract/paths'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { mobileInput } from '@contract/phone'
import { sendLead } from '../../api/buy'
import { buttonClasses } from '../../components/buttonClasses'
import { BuyField } from './BuyField'
import { type BuyFieldErrors, buyFieldErrors, type CodeState, codeStateOf } from './buyForm'

/** The submit button's label that sends the form without a creator code that cannot be used. */
export const WITHOUT_CODE_LABEL = 'Send without the code'

export const LockIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0 text-emerald-700">
    <path
      fillRule="evenodd"
      d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
      clipRule="evenodd"
    />
  </svg>
)

function ThankYou() {
  return (
    <div className="rounded-3xl border border-emerald-200 bg-emerald-50 p-6 text-center sm:p-8" role="status">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-600 text-white">
        <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" className="size-7">
          <path strokeLinecap="round" strokeLinejoin="round" d="m4.5 12.75 6 6 9-13.5" />
        </svg>
      </div>
      <h2 className="mt-4 text-2xl font-bold text-emerald-900">Thank You!</h2>
      <p className="mt-1 text-emerald-800">We will contact you shortly.</p>
    </div>
  )
}

export type BuyFormProps = {
  product: BuyProduct
  code: BuyLinkCode | null
  ids: { productId: number; vendorId: number; marketerId: number; campaignId?: number | null }
  submission: BuySubmission | null
  notify: (message: string) => void
  /** Any change to the form (the buyer fixing what the error toast named). */
  onEdit: () => void
}

const field = (data: FormData, name: keyof BuyFormValues) => String(data.get(name) ?? '')

/** How long the buyer pauses typing a code before it is checked. */
export const CODE_CHECK_DELAY_MS = 600

function initialErrors(submission: BuySubmission | null): BuyFieldErrors {
  return submission && !submission.done && submission.field ? { [submission.field]: submission.message } : {}
}

/**
 * The buy form. Before (or without) JavaScript it is an ordinary form posted to this page, which
 * the Worker answers with the same page in its next state; once hydrated it sends the lead with
 * fetch and stays on the page. The inputs keep their own values (read when sent), so whatever a
 * buyer typed before the script arrived is still there, and still sent, after hydration.
 *
 * Errors are marked on their fields (decision 249): the message below the field, aria-invalid,
 * focus on the first; the spec's toast still shows the first message. A creator code is checked
 * through the public lookup when the buyer pauses typing and again before sending; one that
 * cannot be used keeps the form open with its message and a button to send without it
 * (decision 248). A code that stops working between that check and the send still makes the lead,
 * with the server's notice.
 */
export function BuyForm({ product, code, ids, submission, notify, onEdit }: BuyFormProps) {
  const typed = submission && !submission.done ? submission.values : null
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(submission?.done === true)
  const [errors, setErrors] = useState<BuyFieldErrors>(() => initialErrors(submission))
  const [codeOpen, setCodeOpen] = useState(Boolean(code || typed?.CreatorCode))
  // The link's own code was usable when the page was written; the lead's insert checks it again.
  const [codeState, setCodeState] = useState<CodeState | null>(
    code && !typed ? { text: code.Code, status: 'ok', hint: `${code.Code}: ${code.BuyerText}` } : null,
  )
  const [codeEdited, setCodeEdited] = useState(false)
  const [focusOn, setFocusOn] = useState<{ name: BuyFieldName } | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const checks = useRef(0)

  useEffect(() => {
    if (focusOn) formRef.current?.querySelector<HTMLInputElement>(`[name="${focusOn.name}"]`)?.focus()
  }, [focusOn])
  useEffect(() => () => clearTimeout(timer.current), [])

  const showCode = (state: CodeState) => {
    setCodeState(state)
    setErrors((e) => ({ ...e, CreatorCode: state.status === 'bad' ? state.message : undefined }))
  }

  /** Asks the lookup about `text`; only the latest check is shown. */
  const checkCode = async (text: string): Promise<CodeState> => {
    const seq = ++checks.current
    const state = await codeStateOf(ids.productId, text)
    if (seq === checks.current) showCode(state)
    return state
  }

  const onCodeChange = (text: string) => {
    clearTimeout(timer.current)
    checks.current++
    setCodeEdited(true)
    setCodeState(null)
    setErrors((e) => (e.CreatorCode ? { ...e, CreatorCode: undefined } : e))
    if (text.trim()) timer.current = setTimeout(() => void checkCode(text), CODE_CHECK_DELAY_MS)
  }

  const onInput = (e: FormEvent<HTMLFormElement>) => {
    onEdit()
    const name = (e.target as HTMLInputElement).name as BuyFieldName
    if (name !== 'CreatorCode' && errors[name]) setErrors((current) => ({ ...current, [name]: undefined }))
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (busy) return
    const submitter = (e.nativeEvent as SubmitEvent).submitter
    const withoutCode = submitter?.getAttribute('name') === WITHOUT_CODE_FIELD
    const data = new FormData(e.currentTarget)
    const values = {
      ClientName: field(data, 'ClientName'),
      ClientEmail: field(data, 'ClientEmail'),
      ClientPhone: field(data, 'ClientPhone'),
      CreatorCode: withoutCode ? '' : field(data, 'CreatorCode'),
    }
    setBusy(true)
    try {
      const problems = buyFieldErrors({ ...ids, name: values.ClientName, email: values.ClientEmail, phone: values.ClientPhone })
      let codeBad: string | null = null
      if (values.CreatorCode.trim()) {
        clearTimeout(timer.current)
        const known = codeState && codeState.text === values.CreatorCode ? codeState : await checkCode(values.CreatorCode)
        codeBad = known.status === 'bad' ? known.message : null
      }
      if (problems.length > 0 || codeBad) {
        setErrors({ ...Object.fromEntries(problems), CreatorCode: codeBad ?? undefined })
        if (codeBad) setCodeOpen(true)
        // The spec's toast names the first problem of the buyer's details; the code's stays under its field.
        if (problems.length > 0) notify(problems[0][1])
        setFocusOn({ name: problems[0]?.[0] ?? 'CreatorCode' })
        return
      }
      setErrors({})
      const res = await sendLead({
        ProductID: ids.productId,
        VendorID: ids.vendorId,
        MarketerID: ids.marketerId,
        ClientName: values.ClientName.trim(),
        ClientEmail: values.ClientEmail.trim(),
        ClientPhone: values.ClientPhone,
        CreatorCode: values.CreatorCode.trim(),
        CampaignID: ids.campaignId,
      })
      if (res.statusCode !== 1) return notify(res.message)
      setDone(true)
      // The lead is kept with the link's creator; the buyer learns why their code did not count.
      const notice = (res.data as { CodeNotice?: string | null } | null)?.CodeNotice
      if (notice) notify(notice)
    } catch (err) {
      notify(err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.')
    } finally {
      setBusy(false)
    }
  }

  if (done) return <ThankYou />

  const codeHint =
    codeState?.status === 'ok' ? codeState.hint : code && !codeEdited && !typed ? `${code.Code}: ${code.BuyerText}` : 'Optional: the code a creator gave you'

  return (
    <form
      ref={formRef}
      method="post"
      action={buyPagePath(ids) + (ids.campaignId ? `&campaignId=${ids.campaignId}` : '')}
      onSubmit={submit}
      onInput={onInput}
      noValidate
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 className="text-lg font-bold text-slate-900">Fill the Form to Buy the Product</h2>
      <div className="mt-4 space-y-4">
        {/* Above the buyer's details, so a creator's code is seen first and the fields keep their places. */}
        <details open={codeOpen} onToggle={(e) => setCodeOpen(e.currentTarget.open)} className="rounded-xl border border-slate-200 px-3.5 py-2.5">
          <summary className="cursor-pointer text-sm font-medium text-slate-700">Have a creator code?</summary>
          <BuyField
            wrapperClassName="mt-3"
            label="Creator code"
            name="CreatorCode"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={20}
            defaultValue={typed ? typed.CreatorCode : code?.Code}
            onChange={(e) => onCodeChange(e.currentTarget.value)}
            error={errors.CreatorCode}
            hint={codeHint}
            hintGood={codeState?.status === 'ok' || Boolean(code && !codeEdited && !typed)}
            live
          />
          {errors.CreatorCode && (
            <button type="submit" name={WITHOUT_CODE_FIELD} value="1" disabled={busy} className={buttonClasses('secondary', 'md', 'mt-3 w-full')}>
              {WITHOUT_CODE_LABEL}
            </button>
          )}
        </details>
        <BuyField label="Name" name="ClientName" autoComplete="name" defaultValue={typed?.ClientName} error={errors.ClientName} />
        <BuyField
          label="Email"
          name="ClientEmail"
          type="email"
          autoComplete="email"
          defaultValue={typed?.ClientEmail}
          error={errors.ClientEmail}
          hint="Optional"
        />
        <BuyField
          label="Phone"
          name="ClientPhone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          defaultValue={typed?.ClientPhone}
          onChange={(e) => {
            const digits = mobileInput(e.currentTarget.value)
            if (digits !== e.currentTarget.value) e.currentTarget.value = digits
          }}
          error={errors.ClientPhone}
          hint="10-digit mobile number"
        />
      </div>
      <p id="dpdp-notice" className="mt-5 rounded-xl bg-slate-50 p-3 text-xs leading-relaxed text-slate-600">
        {dpdpNotice(product.VendorName || 'the seller')} By pressing Buy Now you agree to this.
      </p>
      <button
        type="submit"
        aria-describedby="dpdp-notice"
        disabled={busy}
        aria-busy={busy || undefined}
        className={buttonClasses('primary', 'lg', 'mt-4 w-full')}
      >
        {busy && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
        Buy Now
      </button>
      <p className="mt-3 flex items-center justify-center gap-1.5 text-center text-xs text-slate-600">
        <LockIcon />
        Your details go only to {product.VendorName || 'the seller'}, to contact you about this order.
      </p>
    </form>
  )
}
