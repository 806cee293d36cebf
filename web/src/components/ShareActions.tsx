import { useMemo, useState } from 'react'
import { renderSVG } from 'uqr'
import { copyLinkWithToast } from '../lib/clipboard'
import { saveFile } from '../lib/download'
import { DISCLOSURE_LABELS, type DisclosureLabel, isDisclosureLabel, qrFileName, savedLabel, saveLabel, shareTargets, shareText } from '../lib/share'
import { toast } from '../lib/toast'
import { Button } from './Button'
import { buttonClasses } from './buttonClasses'
import { SelectField } from './Field'
import { Modal } from './Modal'

export const SHARE_MESSAGES = {
  shortCopied: 'Short link copied',
  textCopied: 'Post text copied',
  campaignCopied: 'Campaign link copied',
  qrFailed: 'Could not make the PNG. Please download the SVG instead.',
} as const

type Props = {
  productName: string
  price: number | string
  shortLink: string | null
  /** The spec's full affiliate link: the QR code can carry it instead of the short one. */
  link?: string | null
  size?: 'sm' | 'md'
  className?: string
  /** The copy button's words and its toast (a campaign link is shared whole: it has no short form). */
  copyLabel?: string
  copiedMessage?: string
}

const PNG_SIZE = 1024

/** The QR code drawn into a canvas at print size (posters, stickers), as a PNG. */
async function svgToPng(svg: string): Promise<Blob> {
  const image = new Image()
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  await image.decode()
  const canvas = document.createElement('canvas')
  canvas.width = PNG_SIZE
  canvas.height = PNG_SIZE
  const g = canvas.getContext('2d')
  if (!g) throw new Error('no canvas')
  g.imageSmoothingEnabled = false
  g.drawImage(image, 0, 0, PNG_SIZE, PNG_SIZE)
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'))
}

/**
 * An influencer's share actions for one product: copy the short link, share it with the
 * disclosure label upfront (the phone's share sheet, or WhatsApp / Telegram / X / Facebook and copy),
 * and its QR code as SVG or PNG.
 */
export function ShareActions({
  productName,
  price,
  shortLink,
  link = null,
  size = 'sm',
  className = '',
  copyLabel = 'Copy short link',
  copiedMessage = SHARE_MESSAGES.shortCopied,
}: Props) {
  const [dialog, setDialog] = useState<'share' | 'qr' | null>(null)
  const close = () => setDialog(null)
  return (
    <div className={`flex flex-wrap gap-2 ${className}`} data-testid="share-actions">
      <Button variant="secondary" size={size} onClick={() => void copyLinkWithToast(shortLink, copiedMessage, toast)}>
        {copyLabel}
      </Button>
      <Button variant="secondary" size={size} onClick={() => setDialog('share')} disabled={!shortLink}>
        Share
      </Button>
      <Button variant="secondary" size={size} onClick={() => setDialog('qr')} disabled={!shortLink}>
        QR code
      </Button>
      {shortLink && dialog === 'share' && <ShareDialog productName={productName} price={price} shortLink={shortLink} onClose={close} />}
      {shortLink && dialog === 'qr' && <QrDialog productName={productName} shortLink={shortLink} link={link} onClose={close} />}
    </div>
  )
}

type DialogProps = { productName: string; shortLink: string; onClose: () => void }

function ShareDialog({ productName, price, shortLink, onClose }: DialogProps & { price: number | string }) {
  const [label, setLabel] = useState<DisclosureLabel>(savedLabel)
  const text = shareText(label, productName, price, shortLink)
  const canShare = typeof navigator.share === 'function'
  const choose = (value: string) => {
    if (!isDisclosureLabel(value)) return
    setLabel(value)
    saveLabel(value)
  }
  const openSheet = async () => {
    try {
      await navigator.share({ text })
      onClose()
    } catch {
      // dismissed by the user, or refused: the dialog stays, with copy at hand
    }
  }
  return (
    <Modal open title="Share this product" onClose={onClose}>
      <div className="space-y-4">
        <SelectField label="Disclosure label" hint="Paid and commissioned posts must say so upfront." value={label} onChange={(e) => choose(e.target.value)}>
          {DISCLOSURE_LABELS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </SelectField>
        <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-800 wrap-anywhere" data-testid="share-text">
          {text}
        </p>
        {canShare && (
          <Button className="w-full" onClick={() => void openSheet()}>
            Share…
          </Button>
        )}
        <fieldset className="grid min-w-0 grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Share to">
          {shareTargets(text, shortLink).map((t) => (
            <a key={t.name} href={t.href} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary', 'sm')}>
              {t.name}
            </a>
          ))}
          <Button variant="secondary" size="sm" onClick={() => void copyLinkWithToast(text, SHARE_MESSAGES.textCopied, toast)}>
            Copy text
          </Button>
        </fieldset>
      </div>
    </Modal>
  )
}

function QrDialog({ productName, shortLink, link, onClose }: DialogProps & { link: string | null }) {
  // The short link by default: fewer modules, so the code scans from further away on a poster.
  const [which, setWhich] = useState<'short' | 'full'>('short')
  const target = which === 'full' && link ? link : shortLink
  const svg = useMemo(() => renderSVG(target, { border: 2, ecc: 'M' }), [target])
  const [busy, setBusy] = useState(false)
  const png = async () => {
    setBusy(true)
    try {
      saveFile(await svgToPng(svg), qrFileName(productName, 'png'))
    } catch {
      toast.error(SHARE_MESSAGES.qrFailed)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal open title="QR code" onClose={onClose}>
      <div className="flex flex-col items-center gap-4">
        {link && (
          <div className="w-full">
            <SelectField label="Link in the code" value={which} onChange={(e) => setWhich(e.target.value === 'full' ? 'full' : 'short')}>
              <option value="short">Short link (scans best)</option>
              <option value="full">Full link</option>
            </SelectField>
          </div>
        )}
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={`QR code for ${target}`}
          width={240}
          height={240}
          className="size-60 rounded-xl border border-slate-200 [image-rendering:pixelated]"
        />
        <p className="font-mono text-xs text-slate-600 wrap-anywhere" data-testid="qr-link">
          {target}
        </p>
        <div className="grid w-full grid-cols-2 gap-2">
          <Button variant="secondary" onClick={() => saveFile(new Blob([svg], { type: 'image/svg+xml' }), qrFileName(productName, 'svg'))}>
            Download SVG
          </Button>
          <Button onClick={() => void png()} busy={busy}>
            Download PNG
          </Button>
        </div>
      </div>
    </Modal>
  )
}
