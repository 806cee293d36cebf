import { type FormEvent, useState } from 'react'
import { ADMIN_MESSAGES } from '@contract/admin'
import { errorMessage } from '../../api/client'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { toast } from '../../lib/toast'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { adminApi } from './adminApi'
import { ReasonFieldset, readReason } from './AdminDialogs'

/** /admin/data-requests: buyers' erasure by phone (accounts are exported and erased from their rows). */
export default function DataRequestsScreen() {
  useDocumentTitle('Data requests · Admin')
  const [busy, setBusy] = useState(false)
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = e.currentTarget
    const phone = String(new FormData(form).get('phone') ?? '').trim()
    if (!phone) return toast.error(ADMIN_MESSAGES.phoneRequired)
    if (!/^\d{10}$/.test(phone)) return toast.error(ADMIN_MESSAGES.phoneInvalid)
    const reason = readReason(form)
    if (typeof reason === 'string') return toast.error(reason)
    setBusy(true)
    try {
      const res = await adminApi.eraseBuyer(phone, reason)
      toast.success(res.message)
      form.reset()
    } catch (err) {
      toast.error(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section aria-labelledby="requests-title" className="max-w-2xl space-y-6">
      <div>
        <h1 id="requests-title" className="text-2xl font-bold text-slate-900">
          Data requests
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Answer requests within 10 working days. A vendor’s or influencer’s data is exported or erased from their row under Vendors or Influencers.
        </p>
      </div>
      <form onSubmit={submit} noValidate className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-lg font-bold text-slate-900">Erase a buyer’s contact details</h2>
        <p className="mt-1 text-sm text-slate-600">
          Removes the name, phone and email from every lead with this phone number. The leads’ amounts stay for the vendor and the influencer.
        </p>
        <TextField label="Buyer’s phone number" name="phone" type="tel" inputMode="numeric" wrapperClassName="mt-4 sm:w-64" hint="10-digit mobile number" />
        <div className="mt-4 space-y-4">
          <ReasonFieldset />
        </div>
        <Button type="submit" variant="danger" busy={busy} className="mt-4">
          Erase buyer’s details
        </Button>
      </form>
    </section>
  )
}
