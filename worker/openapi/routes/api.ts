import { routes } from '../registry'

export const apiRoutes = routes(
  {
    method: 'get',
    path: '/api/health',
    summary: 'Is the API up',
    access: 'public',
    answer: { message: 'ok', data: 'null. For local tooling and uptime checks.' },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document',
    description: 'The OpenAPI 3.1 document itself, not the envelope. The readable reference is at `/docs/api`.',
    access: 'public',
    answer: { message: 'OpenAPI document', data: 'The OpenAPI 3.1 document of every /api route.', content: 'openapi' },
  },
)
