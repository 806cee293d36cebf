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

/** Every kept mail, newest first. */
export async function readLocalMails(root = ROOT): Promise<LocalMail[]> {
  const mails = await Promise.all(
    emlFiles(path.join(root, '.wrangler', 'tmp', 'email')).map(async (file) => {
      const parsed = await PostalMime.parse(readFileSync(file))
      const text = parsed.text ?? ''
      const headers = Object.fromEntries(parsed.headers.map((h) => [h.key, h.value]))
      const sentAt = parsed.date ? new Date(parsed.date).toISOString() : statSync(file).mtime.toISOString()
      return {
        to: (parsed.to ?? []).map((a) => a.address ?? '').join(', '),
        subject: parsed.subject ?? '',
        sentAt,
        text,
        links: [...new Set(text.match(/https?:\/\/\S+/g) ?? [])],
        headers,
        file,
      }
    }),
  )
  return mails.sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.file.localeCompare(a.file))
}
