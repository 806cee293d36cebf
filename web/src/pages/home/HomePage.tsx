import { ButtonLink } from '../../components/Button'
import { FeaturedMarketers } from './FeaturedInfluencers'
import { Hero } from './Hero'
import { Reveal } from './Reveal'
import { Audiences, ChooseYourPath, Features, Section, SectionTitle, Stats, SuccessStories, WhyChooseUs } from './sections'
import { SocialIcons } from './SocialIcons'

export default function HomePage() {
  return (
    <div>
      <Hero />
      <ChooseYourPath />
      <Features />
      <WhyChooseUs />
      <Audiences />
      <Stats />
      <Section className="py-16 md:py-24">
        <Reveal>
          <SectionTitle eyebrow="Creators" title="Top Featured Influencers" text="The newest creators on Collabkart." />
        </Reveal>
        <div className="mt-12">
          <FeaturedMarketers />
        </div>
      </Section>
      <SuccessStories />
      <section className="px-4 pb-4 sm:px-6">
        <Reveal className="mx-auto max-w-7xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-800 to-brand-600 px-6 py-14 text-center text-white sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">Ready to grow with Collabkart?</h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-100">Join the creators and brands already earning together. It takes two minutes to sign up.</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/signup/influencer" variant="accent" size="lg">
              Join as Influencer
            </ButtonLink>
            <ButtonLink to="/signup/vender" size="lg" className="bg-white/10 text-white ring-1 ring-white/30 hover:bg-white/20">
              I'm a Brand
            </ButtonLink>
          </div>
          <div className="mt-10">
            <SocialIcons />
          </div>
        </Reveal>
      </section>
    </div>
  )
}
