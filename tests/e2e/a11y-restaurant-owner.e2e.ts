import { checkEveryScreen } from './support/a11y-sweep';

// Every screen as seen by a restaurant owner: see support/a11y-sweep.ts.
checkEveryScreen('restaurant owner');
