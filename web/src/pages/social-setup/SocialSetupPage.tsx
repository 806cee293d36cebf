import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { type PlatformName, socialUpdateSchema } from '@contract/marketer'
import { ApiError } from '../../api/client'
import { getMarketer, serverIsUp, updateSocialMedia, uploadMarketerPicture } from '../../api/marketers'
import { Button } from '../../components/Button'
import { MarketerFields, PlatformFields } from '../dashboard-shared/ProfileFields'
import { PageContainer, PageHeader } from '../../components/PageHeader'
import { formatCount, mediaUrl } from '../../lib/format'
import { getMarketerData, getMarketerId, updateMarketerData } from '../../lib/storage'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { completedCount, isPlatformComplete, PLATFORMS, type SocialDraft, socialDraft, socialPayload, toCount } from '../dashboard-shared/platforms'
import { ImageSlot } from './ImageSlot'
import { saveErrorMessage, SETUP_MESSAGES } from './saveErrors'
import { cardClasses } from '../../components/Card'

type Basics = { Bio: string; Location: string; Category: string }
/** A preview image: a media path the profile already has, or a data URL of a newly chosen file. */
type Previews = [string, string, string]
/** The three content image slots, by position. */
const PREVIEW_SLOTS = [0, 1, 2] as const

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read'))
    reader.readAsDataURL(file)
  })

/** The loaded profile, except the fields the influencer has already changed while it was loading. */
function keepEdits<T extends Record<string, unknown>>(loaded: T, current: T, edited: ReadonlySet<string>): T {
  const merged = { ...loaded }
  for (const key of Object.keys(current) as (keyof T & string)[]) if (edited.has(key)) merged[key] = current[key]
  return merged
}

const panel = cardClasses({ padding: 'lg' })

/** /marketer/social-media-setup: 'Complete Your Profile' (spec 001 sections 2, 4, 5 and 8). */
export default function SocialSetupPage() {
  const navigate = useNavigate()
  const [basics, setBasics] = useState<Basics>({ Bio: '', Location: '', Category: 'Lifestyle' })
  const [social, setSocial] = useState<SocialDraft>(() => socialDraft(null))
  const [previews, setPreviews] = useState<Previews>(['', '', ''])
  const [picture, setPicture] = useState<{ file: File; url: string } | null>(null)
  // The picture the profile already has: shown until a new one is chosen (Remove goes back to it).
  const [currentPicture, setCurrentPicture] = useState<string | null>(() => getMarketerData()?.MarketerProfilePic ?? null)
  // Per-platform images stay in this page only (spec 001 section 3: never sent).
  const [platformImages, setPlatformImages] = useState<Partial<Record<PlatformName, string>>>({})

  // Fields changed before the profile arrived keep what was typed (a slow network must not wipe it).
  const edited = useRef(new Set<string>())
  const edit = (key: string) => {
    edited.current.add(key)
  }
  const setBasic = (key: keyof Basics, value: string) => {
    edit(key)
    setBasics((b) => ({ ...b, [key]: value }))
  }

  // Start from what the profile already holds, so a second visit edits rather than wipes. Asked of
  // the server on every visit (the dashboard's copy may be older); a failed load leaves the blank
  // draft, so it is not toasted.
  const marketerId = getMarketerId()
  const profile = useQuery({
    queryKey: ['marketer', marketerId, 'profile'],
    queryFn: () => getMarketer(marketerId ?? 0),
    enabled: marketerId !== null,
    refetchOnMount: 'always',
    retry: false,
  })
  // The draft is seeded once, from the profile as fetched on this visit, keeping what was typed meanwhile.
  const loaded = profile.isSuccess && profile.isFetchedAfterMount ? profile.data : null
  const seeded = useRef(false)
  useEffect(() => {
    if (!loaded || seeded.current) return
    seeded.current = true
    const m = loaded
    setBasics((b) => keepEdits({ Bio: m.Bio ?? '', Location: m.Location ?? '', Category: m.Category || 'Lifestyle' }, b, edited.current))
    setSocial((s) => keepEdits(socialDraft(m), s, edited.current))
    const previews: Previews = [m.PreviewImage1 ?? '', m.PreviewImage2 ?? '', m.PreviewImage3 ?? '']
    setPreviews((p) => previews.map((v, i) => (edited.current.has(`preview${i}`) ? p[i] : v)) as Previews)
    setCurrentPicture(m.MarketerProfilePic)
  }, [loaded])

  useEffect(() => () => (picture ? URL.revokeObjectURL(picture.url) : undefined), [picture])
  const platformImagesRef = useRef(platformImages)
  platformImagesRef.current = platformImages
  useEffect(
    () => () => {
      for (const url of Object.values(platformImagesRef.current)) if (url) URL.revokeObjectURL(url)
    },
    [],
  )

  function setPlatformImage(name: PlatformName, file: File | null) {
    const old = platformImages[name]
    if (old) URL.revokeObjectURL(old)
    setPlatformImages((m) => ({ ...m, [name]: file ? URL.createObjectURL(file) : undefined }))
  }

  const done = completedCount(social)
  const setSocialField = (key: keyof SocialDraft, value: string) => {
    edit(key)
    setSocial((s) => ({ ...s, [key]: value }))
  }

  async function pickPreview(index: number, file: File) {
    const url = await readAsDataUrl(file)
    edit(`preview${index}`)
    setPreviews((p) => p.map((v, i) => (i === index ? url : v)) as Previews)
  }

  /** The setup variant of the picture upload: a failure is toasted and the save goes on. */
  async function uploadPicture(id: number, file: File) {
    try {
      const res = await uploadMarketerPicture(id, file)
      const success = res.statusCode === 1
      if (success && res.data?.profilePicUrl) updateMarketerData({ MarketerProfilePic: res.data.profilePicUrl })
      if (!success) toast.error(res.message || SETUP_MESSAGES.pictureFailed)
    } catch (err) {
      toast.error(err instanceof ApiError && !err.network && err.message ? err.message : SETUP_MESSAGES.pictureThrew)
    }
  }

  // The steps of spec 000's save, each refusal with its own toast; a throw is worded by saveErrorMessage.
  const saveProfile = useMutation({
    mutationFn: async ({ id, payload }: { id: number; payload: Parameters<typeof updateSocialMedia>[1] }) => {
      if (!(await serverIsUp())) {
        toast.error(SETUP_MESSAGES.serverDown)
        return
      }
      if (picture) await uploadPicture(id, picture.file)
      const res = await updateSocialMedia(id, payload)
      if (res.statusCode !== 1) {
        toast.error(res.message || SETUP_MESSAGES.saveFailed)
        return
      }
      if (res.data) updateMarketerData(res.data)
      toast.success(SETUP_MESSAGES.saved)
      navigate('/marketer')
    },
    onError: (err) => toast.error(saveErrorMessage(err)),
    meta: { ownErrorToast: true },
  })
  const saving = saveProfile.isPending

  const payload = {
    ...socialPayload(social),
    Bio: basics.Bio.trim(),
    Location: basics.Location.trim(),
    Category: basics.Category,
    PreviewImage1: previews[0],
    PreviewImage2: previews[1],
    PreviewImage3: previews[2],
  }
  // The server's own rules, so a negative count or a bad link is refused here with its message.
  const form = useFieldErrors(schemaIssues(socialUpdateSchema), payload)

  function save(e: FormEvent) {
    e.preventDefault()
    const id = getMarketerId()
    if (!id || !getMarketerData()) {
      toast.error(SETUP_MESSAGES.loginFirst)
      navigate('/signin')
      return
    }
    if (form.check()) saveProfile.mutate({ id, payload })
  }

  function skip() {
    toast.info(SETUP_MESSAGES.skipped)
    navigate('/marketer')
  }

  return (
    <PageContainer>
      <Link to="/marketer" className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <PageHeader title="Complete Your Profile" subtitle="Add your social media profiles to help brands discover you" />
      <form noValidate onSubmit={save} className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="basic-title" className={`${panel} space-y-5 self-start`}>
          <h2 id="basic-title" className="text-lg font-bold text-slate-900">
            Basic Information
          </h2>
          <div className="flex justify-center">
            <ImageSlot
              label="Profile Picture"
              shape="round"
              preview={picture?.url ?? (mediaUrl(currentPicture) || null)}
              removable={picture !== null}
              onPick={(file) => setPicture({ file, url: URL.createObjectURL(file) })}
              onRemove={() => setPicture(null)}
            />
          </div>
          <MarketerFields binding={{ values: basics, onValue: setBasic, field: form.field }} bioPlaceholder="Tell brands what you create and who follows you" />
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">Content Images</legend>
            <div className="grid grid-cols-3 gap-3">
              {PREVIEW_SLOTS.map((i) => (
                <ImageSlot
                  key={i}
                  label={`Content Image ${i + 1}`}
                  preview={previews[i] ? mediaUrl(previews[i]) : null}
                  onPick={(file) => void pickPreview(i, file)}
                  onRemove={() => {
                    edit(`preview${i}`)
                    setPreviews((p) => p.map((v, j) => (j === i ? '' : v)) as Previews)
                  }}
                />
              ))}
            </div>
          </fieldset>
        </section>

        <section aria-labelledby="social-title" className={panel}>
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 id="social-title" className="text-lg font-bold text-slate-900">
              Social Media Profiles
            </h2>
            <p className="text-sm font-semibold text-slate-700" aria-live="polite" data-progress-text>
              {done} of {PLATFORMS.length} completed
            </p>
          </div>
          <div
            role="progressbar"
            aria-label="Social profiles completed"
            aria-valuemin={0}
            aria-valuemax={PLATFORMS.length}
            aria-valuenow={done}
            className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className="h-full rounded-full bg-gradient-to-r from-brand-600 to-emerald-500 transition-[width] duration-300"
              style={{ width: `${(done / PLATFORMS.length) * 100}%` }}
            />
          </div>
          <ul className="mt-5 grid gap-4 xl:grid-cols-2">
            {PLATFORMS.map((p) => {
              const complete = isPlatformComplete(social, p)
              return (
                <li key={p.name} className="rounded-xl border border-slate-200 p-4" data-platform-card={p.name}>
                  <div className="flex items-center justify-between gap-2">
                    <div className="flex items-center gap-2">
                      <span aria-hidden="true" className={`flex size-8 items-center justify-center rounded-lg text-xs font-bold ${p.tint}`}>
                        {p.name.slice(0, 2)}
                      </span>
                      <h3 className="font-semibold text-slate-900">{p.name}</h3>
                    </div>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${complete ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-600'}`}
                    >
                      {complete ? 'Completed' : 'Not added'}
                    </span>
                  </div>
                  <div className="mt-3">
                    <PlatformFields platform={p} social={social} onValue={setSocialField} field={form.field}>
                      <div className="flex items-center justify-between gap-3">
                        <ImageSlot
                          compact
                          label={`${p.name} image`}
                          preview={platformImages[p.name] ?? null}
                          onPick={(file) => setPlatformImage(p.name, file)}
                          onRemove={() => setPlatformImage(p.name, null)}
                        />
                        <p className="text-right text-sm text-slate-600" data-platform-summary>
                          <span className="font-semibold text-slate-900">{formatCount(toCount(social[p.count]))}</span> {p.unit}
                        </p>
                      </div>
                    </PlatformFields>
                  </div>
                </li>
              )
            })}
          </ul>
        </section>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end lg:col-span-2">
          <Button variant="secondary" size="lg" onClick={skip} disabled={saving}>
            Skip for Now
          </Button>
          <Button type="submit" size="lg" disabled={saving}>
            {saving ? 'Saving...' : 'Save Profile'}
          </Button>
        </div>
      </form>
    </PageContainer>
  )
}
