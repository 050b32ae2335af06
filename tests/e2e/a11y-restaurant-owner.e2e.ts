import { checkEveryScreen } from './a11y-support';

// Every screen as seen by a restaurant owner: see a11y-support.ts.
checkEveryScreen('restaurant owner');
