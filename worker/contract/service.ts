// The API's own routes: liveness, and the OpenAPI document every other definition is written into
// (route.ts, decision 283).

import { defineRoute } from './route'

export const SERVICE_ROUTES = {
  health: defineRoute({
    method: 'get',
    path: '/api/health',
    summary: 'Is the API up',
    access: 'public',
    answer: { message: 'ok', schema: null, description: 'For local tooling and uptime checks.' },
  }),
  openapi: defineRoute({
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document',
    description: 'The OpenAPI 3.1 document itself, not the envelope. The readable reference is at `/docs/api`.',
    access: 'public',
    answer: { message: 'OpenAPI document', schema: null, description: 'The OpenAPI 3.1 document of every /api route.', content: 'openapi' },
  }),
}
