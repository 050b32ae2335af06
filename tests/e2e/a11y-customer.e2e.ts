import { checkEveryScreen } from './a11y-support';

// Every screen as seen by a customer: see a11y-support.ts.
checkEveryScreen('customer');
