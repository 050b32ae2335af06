import { checkEveryScreen } from './support/a11y-sweep';

// Every screen as seen signed out: see support/a11y-sweep.ts.
checkEveryScreen('signed out');
