import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { ProgressBar } from './components/ProgressBar'
import { Toasts } from './components/Toasts'
import './index.css'
import { queryClient } from './lib/queryClient'
import { AppRoutes } from './routes'

const root = document.getElementById('root')
if (!root) throw new Error('The #root element is missing from index.html')

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ProgressBar />
        {/* Before the routes: its store subscription is in place before any screen's effect raises a toast. */}
        <Toasts />
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
)
