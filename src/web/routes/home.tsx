import { Hero } from '@/features/home/components/hero';
import { HowItWorks } from '@/features/home/components/how-it-works';
import { FinalCallToAction, Testimonials } from '@/features/home/components/testimonials';
import { WhyQue } from '@/features/home/components/why-que';
import { useDocumentTitle } from '@/lib/document-title';

// Home is in the main bundle: plain markup and icons only, no heavy dependencies.
export default function HomeRoute() {
  useDocumentTitle(['Book, reserve, skip the line']);
  return (
    <>
      <Hero />
      <HowItWorks />
      <WhyQue />
      <Testimonials />
      <FinalCallToAction />
    </>
  );
}
