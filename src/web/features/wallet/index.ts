// What the wallet feature offers routes (decision 0017).
export { WalletCard } from './components/wallet-card';
