import { formatIstDateTime } from '../../lib/istTime'
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyDTO, type ApiKeyScope, type CreatedApiKeyDTO, createApiKeySchema } from '@contract/api-keys'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { safeParse } from 'zod/mini'
import { createApiKey, listApiKeys, listVendorActivity, revokeApiKey } from '../../api/api-keys'
import { errorMessage } from '../../api/client'
import { Section } from '../../components/Section'
import { Button } from '../../components/Button'
import { FieldMessage, groupBoxProps, TextField } from '../../components/Field'
import { Modal } from '../../components/Modal'
import { Skeleton } from '../../components/Skeleton'
import { copyText } from '../../lib/clipboard'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { FormActions } from '../dashboard-shared/FormActions'

const KEYS = ['vendor', 'api-keys'] as const

const when = (iso: string | null) => (iso ? formatIstDateTime(iso) : 'Never')

const ACTIVITY_LABELS: Record<string, string> = { 'create-api-key': 'Created API key', 'revoke-api-key': 'Revoked API key' }

/** The vendor profile's API keys: list, create (secret shown once), revoke, and what was done. */
export function ApiKeysSection() {
  const client = useQueryClient()
  const keys = useInfiniteQuery({
    queryKey: KEYS,
    queryFn: ({ pageParam }) => listApiKeys(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.paging.nextCursor ?? undefined,
  })
  const activity = useQuery({ queryKey: ['vendor', 'activity'], queryFn: listVendorActivity })
  const [creating, setCreating] = useState(false)
  const [revoking, setRevoking] = useState<ApiKeyDTO | null>(null)
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: KEYS }), client.invalidateQueries({ queryKey: ['vendor', 'activity'] })])
  const rows = keys.data?.pages.flatMap((p) => p.rows) ?? []

  return (
    <Section
      id="api-keys-title"
      title="API keys"
      subtitle="Let your store or CRM read leads and report conversions through the Collabkart API (/api/v1)."
      action={<Button onClick={() => setCreating(true)}>Create API key</Button>}
    >
      <div>
        {keys.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : keys.isError ? (
          <p className="text-sm text-rose-700">{errorMessage(keys.error)}</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-500">No API keys yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Your API keys">
            {rows.map((key) => (
              <ApiKeyRow key={key.KeyID} apiKey={key} onRevoke={() => setRevoking(key)} />
            ))}
          </ul>
        )}
        {keys.hasNextPage && (
          <Button variant="secondary" size="sm" className="mt-3" busy={keys.isFetchingNextPage} onClick={() => void keys.fetchNextPage()}>
            Show more keys
          </Button>
        )}
      </div>
      {activity.data && activity.data.rows.length > 0 && (
        <div className="mt-5 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">Recent key activity</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-600" aria-label="Recent key activity">
            {activity.data.rows.map((a) => (
              <li key={a.id} className="flex flex-wrap justify-between gap-x-3">
                <span className="min-w-0 wrap-anywhere">
                  {ACTIVITY_LABELS[a.action] ?? a.action} {a.detail ? `“${a.detail}”` : ''}
                </span>
                <time dateTime={a.at} className="text-slate-500">
                  {when(a.at)}
                </time>
              </li>
            ))}
          </ul>
        </div>
      )}
      {creating && <CreateKeyModal onClose={() => setCreating(false)} onCreated={() => void refresh()} />}
      {revoking && <RevokeKeyModal apiKey={revoking} onClose={() => setRevoking(null)} onRevoked={() => void refresh()} />}
    </Section>
  )
}

function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyDTO; onRevoke: () => void }) {
  const revoked = apiKey.revokedAt !== null
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-key={apiKey.Prefix}>
      <div className="min-w-0">
        <p className="font-semibold text-slate-900 wrap-anywhere">
          {apiKey.Name}
          {revoked && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">Revoked</span>}
        </p>
        <p className="font-mono text-sm text-slate-700">{apiKey.Prefix}…</p>
        <p className="text-xs text-slate-500">{apiKey.Scopes.join(', ')}</p>
        <p className="text-xs text-slate-500">
          Created {when(apiKey.createdAt)} · Last used {when(apiKey.lastUsedAt)}
          {revoked ? ` · Revoked ${when(apiKey.revokedAt)}` : ''}
        </p>
      </div>
      {!revoked && (
        <Button variant="secondary" size="sm" onClick={onRevoke} aria-label={`Revoke ${apiKey.Name}`}>
          Revoke
        </Button>
      )}
    </li>
  )
}

function CreateKeyModal({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['leads:read', 'conversions:write'])
  const [created, setCreated] = useState<CreatedApiKeyDTO | null>(null)
  const input = { Name: name, Scopes: scopes }
  const form = useFieldErrors(schemaIssues(createApiKeySchema), input)
  const scopesField = form.field('Scopes')
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: (res) => {
      setCreated(res.data)
      onCreated()
    },
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const checked = safeParse(createApiKeySchema, input)
    if (form.check() && checked.success) create.mutate(checked.data)
  }
  const toggle = (scope: ApiKeyScope) => setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]))

  if (created) {
    return (
      <Modal open title="API key created" onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
        <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900">
          Copy this key now. It will not be shown again: Collabkart keeps only a fingerprint of it.
        </p>
        <label htmlFor="new-api-key" className="mt-4 block text-sm font-medium text-slate-700">
          {created.Name}
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id="new-api-key"
            readOnly
            value={created.Secret}
            className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
            onFocus={(e) => e.target.select()}
          />
          <Button
            variant="secondary"
            onClick={async () => {
              const result = await copyText(created.Secret)
              if (result === 'copied') toast.success('API key copied')
              else toast.error('Failed to copy the key. Please select it and copy it yourself.')
            }}
          >
            Copy key
          </Button>
        </div>
      </Modal>
    )
  }
  return (
    <Modal
      open
      title="Create API key"
      onClose={onClose}
      footer={<FormActions formId="api-key-form" submitLabel="Create key" busy={create.isPending} onCancel={onClose} />}
    >
      <form id="api-key-form" noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Key name"
          placeholder="e.g. Shopify store"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={50}
          {...form.field('Name')}
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Scopes</legend>
          <div className="mt-2 space-y-2">
            {API_KEY_SCOPES.map((scope, i) => (
              <label key={scope} className="flex items-start gap-3 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4"
                  checked={scopes.includes(scope)}
                  onChange={() => toggle(scope)}
                  {...groupBoxProps(scopesField, i)}
                />
                <span>
                  <span className="font-mono">{scope}</span> <span className="text-slate-500">— {API_KEY_SCOPE_LABELS[scope]}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldMessage {...scopesField} />
        </fieldset>
      </form>
    </Modal>
  )
}

function RevokeKeyModal({ apiKey, onClose, onRevoked }: { apiKey: ApiKeyDTO; onClose: () => void; onRevoked: () => void }) {
  const revoke = useMutation({
    mutationFn: () => revokeApiKey(apiKey.KeyID),
    onSuccess: (res) => {
      toast.success(res.message)
      onRevoked()
      onClose()
    },
  })
  return (
    <Modal
      open
      title="Revoke API key?"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" busy={revoke.isPending} onClick={() => revoke.mutate()}>
            Revoke key
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        <span className="font-semibold wrap-anywhere">{apiKey.Name}</span> (<span className="font-mono">{apiKey.Prefix}…</span>) will stop working at once.
        Anything using it will get 401 until you give it a new key.
      </p>
    </Modal>
  )
}
