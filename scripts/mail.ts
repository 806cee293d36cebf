// npm run mail: the mails `npm start` kept instead of sending (newest first), with their links.
// npm run mail -- --json: the same as a JSON array of { to, subject, sentAt, text, links, headers }.
import { readLocalMails } from './lib/local-mail.ts'

const mails = await readLocalMails()
if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify(
      mails.map(({ file: _file, ...mail }) => mail),
      null,
      2,
    ),
  )
} else if (mails.length === 0) {
  console.log('No mails yet. Start the app with `npm start`, then do something that sends one (e.g. Forgot password?).')
} else {
  for (const mail of mails.slice(0, 20)) {
    console.log(`${mail.sentAt}  to ${mail.to}\n  ${mail.subject}`)
    for (const link of mail.links) console.log(`  ${link}`)
    console.log('')
  }
  if (mails.length > 20) console.log(`(${mails.length - 20} older; npm run mail -- --json prints them all)`)
}
