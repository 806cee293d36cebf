import { type ReactNode, useEffect } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { expireSession, useSession } from '../lib/session'
import { isTokenExpired } from '../lib/token'

export type GuardRole = 'vendor' | 'marketer' | 'product'

function ExpiredSession() {
  const navigate = useNavigate()
  useEffect(() => expireSession(navigate), [navigate])
  return null
}

/**
 * Spec 000 section 2: a protected page needs the login flag and an unexpired token; 'vendor' also
 * needs stored vendor data, 'marketer' stored marketer data, 'product' only the login.
 * Anything else goes to /signin; an expired token also clears storage.
 */
export function RouteGuard({ role, children }: { role: GuardRole; children: ReactNode }) {
  const session = useSession()
  const expired = isTokenExpired(session.token)
  if (session.loggedIn && expired) return <ExpiredSession />
  const allowed =
    session.loggedIn && (role === 'product' || (role === 'vendor' && session.vendor !== null) || (role === 'marketer' && session.marketer !== null))
  return allowed ? children : <Navigate to="/signin" replace />
}
