// What the operators are told by mail (decision 135): a data request logged (the law's clock is
// running), and mail stuck in the dead-letter queue. Both go to OPS_EMAIL through the same queue as
// every other mail; the dead-letter alert is one per hour at most and never raised by its own death.

import { DATA_REQUEST_KIND_LABELS, type DataRequestKind, type DataRequestSubject, type DeadMailDTO, SUPPORT_EMAIL } from '../contract/admin'
import type { Paging } from '../contract/paging'
import { type Db, makeDb } from '../db/client'
import { countDeadMails, pageDeadMails } from '../db/mail-log'
import { configuredOrigin } from '../domain/affiliate'
import { dataRequestLoggedMail, deadLetterAlertMail } from '../domain/mail-templates'
import type { Bindings } from '../env'
import { enqueueMail, type MailKind } from './mail-outbox'
import { pageNewestById } from './paging'

export const DEAD_LETTER_ALERT: MailKind = 'ops-dead-letter'

export const opsAddress = (env: Pick<Bindings, 'OPS_EMAIL'>) => env.OPS_EMAIL?.trim() || SUPPORT_EMAIL

export const backOfficeLink = (env: Bindings, path: string) => {
  const base = configuredOrigin(env.PUBLIC_ORIGIN)
  return base ? `${base}${path}` : null
}

export type LoggedRequest = {
  id: number
  kind: DataRequestKind
  subjectType: DataRequestSubject
  subjectRef: string
  receivedOn: string
  dueOn: string
  loggedBy: string
}

// A buyer is named by their phone number: the operators' inbox does not need it.
const aboutOf = (r: LoggedRequest) => (r.subjectType === 'buyer' ? 'a buyer' : `${r.subjectType === 'vendor' ? 'vendor' : 'influencer'} #${r.subjectRef}`)

/** Once per request, whoever logs it and however often the mail is raised. */
export async function mailOpsOfDataRequest(env: Bindings, request: LoggedRequest): Promise<void> {
  await enqueueMail(env, {
    eventKey: `data-request:${request.id}`,
    kind: 'ops-data-request',
    to: opsAddress(env),
    content: dataRequestLoggedMail({
      id: request.id,
      kindLabel: DATA_REQUEST_KIND_LABELS[request.kind],
      about: aboutOf(request),
      receivedOn: request.receivedOn,
      dueOn: request.dueOn,
      loggedBy: request.loggedBy,
      link: backOfficeLink(env, '/admin/data-requests'),
    }),
  })
}

/**
 * Called by the dead-letter consumer with the kinds that just died. The event key is the UTC hour,
 * so a storm of failures mails once an hour; an alert that itself dies raises nothing.
 */
export async function alertOpsOfDeadMail(env: Bindings, deadKinds: string[], now = new Date()): Promise<void> {
  if (!deadKinds.some((kind) => kind !== DEAD_LETTER_ALERT)) return
  const dead = (await countDeadMails(makeDb(env.DB))).total
  await enqueueMail(env, {
    eventKey: `dead-letter:${now.toISOString().slice(0, 13)}`,
    kind: DEAD_LETTER_ALERT,
    to: opsAddress(env),
    content: deadLetterAlertMail(dead, backOfficeLink(env, '/admin/mail')),
  })
}

/** The back office's dead mail, newest first (mail_log_state_idx: the page and its count read the index). */
export async function deadMailPage(db: Db, query: { cursor?: string; limit?: number }): Promise<{ rows: DeadMailDTO[]; paging: Paging }> {
  return pageNewestById<DeadMailDTO>(
    query,
    (afterId, take) => pageDeadMails(db, afterId, take),
    () => countDeadMails(db),
    (row) => row.MailID,
  )
}
