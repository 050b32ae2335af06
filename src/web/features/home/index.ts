// What the home feature offers routes (decision 0017).
export { Hero } from './components/hero';
export { HowItWorks } from './components/how-it-works';
export { FinalCallToAction, Testimonials } from './components/testimonials';
export { WhyQue } from './components/why-que';
