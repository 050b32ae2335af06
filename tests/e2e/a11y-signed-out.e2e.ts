import { checkEveryScreen } from './a11y-support';

// Every screen as seen signed out: see a11y-support.ts.
checkEveryScreen('signed out');
