// The mails the local runtime kept instead of sending: wrangler dev's send_email binding writes each
// message it is given as an .eml file under .wrangler/tmp/email/<session>/email/.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import PostalMime from 'postal-mime'
import { ROOT } from './worker.ts'

export type LocalMail = { to: string; subject: string; sentAt: string; text: string; links: string[]; headers: Record<string, string>; file: string }

function emlFiles(dir: string): string[] {
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return []
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return emlFiles(full)
    return name.endsWith('.eml') ? [full] : []
  })
}

// A kept mail never changes once written: each file is parsed once per process, keyed by its size
// and time so one caught half-written is read again. The browser suites poll for mails every 200 ms
// while hundreds pile up over a run (decision 270).
const parsed = new Map<string, Promise<LocalMail>>()

async function readMail(file: string): Promise<LocalMail> {
  const mail = await PostalMime.parse(readFileSync(file))
  const text = mail.text ?? ''
  const headers = Object.fromEntries(mail.headers.map((h) => [h.key, h.value]))
  const sentAt = mail.date ? new Date(mail.date).toISOString() : statSync(file).mtime.toISOString()
  return {
    to: (mail.to ?? []).map((a) => a.address ?? '').join(', '),
    subject: mail.subject ?? '',
    sentAt,
    text,
    links: [...new Set(text.match(/https?:\/\/\S+/g) ?? [])],
    headers,
    file,
  }
}

/** Every kept mail, newest first. */
export async function readLocalMails(root = ROOT): Promise<LocalMail[]> {
  const mails = await Promise.all(
    emlFiles(path.join(root, '.wrangler', 'tmp', 'email')).map((file) => {
      const { size, mtimeMs } = statSync(file)
      const key = `${file}\n${size}\n${mtimeMs}`
      let mail = parsed.get(key)
      if (!mail) {
        mail = readMail(file)
        parsed.set(key, mail)
        mail.catch(() => parsed.delete(key))
      }
      return mail
    }),
  )
  return mails.sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.file.localeCompare(a.file))
}
