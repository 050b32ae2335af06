import { FinalCallToAction, Hero, HowItWorks, Testimonials, WhyQue } from '@/features/home';
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
