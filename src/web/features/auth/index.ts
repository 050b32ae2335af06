// What the auth feature offers routes and other features (decision 0017).
export { useUser } from './api/get-user';
export { useRegister } from './api/register';
export { type AccountDetails, AccountStep } from './components/account-step';
export { CustomerRegisterForm } from './components/customer-register-form';
export { LoginForm } from './components/login-form';
export { SignedInPanel } from './components/signed-in-panel';
export { loginDestination } from './components/login-redirect';
