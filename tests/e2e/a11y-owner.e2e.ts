import { checkEveryScreen } from './support/a11y-sweep';

// Every screen as seen by an owner: see support/a11y-sweep.ts.
checkEveryScreen('owner');
