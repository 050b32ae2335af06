import { checkEveryScreen } from './support/a11y-sweep';

// Every screen as seen by a customer: see support/a11y-sweep.ts.
checkEveryScreen('customer');
