import { eq } from 'drizzle-orm'
import type { MarketerSelf } from '../contract/marketer'
import type { Db } from './client'
import { type Marketer, marketers } from './schema'

export function toMarketerSelf(row: Marketer): MarketerSelf {
  const { PasswordHash: _hash, ...rest } = row
  return rest
}

export async function findMarketer(db: Db, id: number): Promise<Marketer | undefined> {
  return db.query.marketers.findFirst({ where: eq(marketers.MarketerID, id) })
}

export async function findMarketerByEmail(db: Db, email: string): Promise<Marketer | undefined> {
  return db.query.marketers.findFirst({ where: eq(marketers.Email, email) })
}
