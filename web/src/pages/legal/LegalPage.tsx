import { Link, NavLink, useLocation } from 'react-router'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { EFFECTIVE_DATE, LEGAL_DOCUMENTS, legalDocumentFor } from './content'
import { Card } from '../../components/Card'

/** /terms, /privacy, /disclaimer and /data-consent: one readable layout for each document. */
export default function LegalPage() {
  const { pathname } = useLocation()
  const doc = legalDocumentFor(pathname)

  useDocumentTitle(doc.title)

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path
            fillRule="evenodd"
            d="M11.78 5.22a.75.75 0 0 1 0 1.06L8.06 10l3.72 3.72a.75.75 0 1 1-1.06 1.06l-4.25-4.25a.75.75 0 0 1 0-1.06l4.25-4.25a.75.75 0 0 1 1.06 0Z"
            clipRule="evenodd"
          />
        </svg>
        Back to Home
      </Link>
      <Card as="article" padding="none" round="3xl" className="mt-6 p-5 sm:p-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{doc.title}</h1>
        <p className="mt-2 text-sm text-slate-500">Effective date: {EFFECTIVE_DATE}</p>
        <p className="mt-6 leading-relaxed text-slate-700">{doc.intro}</p>
        {doc.sections.map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-lg font-semibold text-slate-900">{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p key={p} className="mt-3 leading-relaxed text-slate-700">
                {p}
              </p>
            ))}
            {section.points && (
              <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 marker:text-brand-500">
                {section.points.map((p) => (
                  <li key={p} className="leading-relaxed">
                    {p}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </Card>
      <nav aria-label="Legal documents" className="mt-8 flex flex-wrap justify-center gap-2" data-testid="legal-footer">
        {LEGAL_DOCUMENTS.map((d) => (
          <NavLink
            key={d.path}
            to={d.path}
            className={({ isActive }) =>
              `rounded-full px-4 py-2 text-sm font-medium ${isActive ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'}`
            }
          >
            {d.title}
          </NavLink>
        ))}
      </nav>
    </div>
  )
}
