// What the dashboard feature offers routes (decision 0017).
export { BusinessDashboard } from './components/business-dashboard';
export { NoBusinessPrompt } from './components/no-business-prompt';
