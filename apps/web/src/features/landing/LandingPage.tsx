import { useDocumentTitle } from '../../shared/i18n'
import { Features } from './components/Features'
import { Hero } from './components/Hero'
import { HowItWorks } from './components/HowItWorks'

/** The public home page (specification, section 1). */
export function LandingPage() {
  useDocumentTitle(null)
  return (
    <>
      <Hero />
      <Features />
      <HowItWorks />
    </>
  )
}
