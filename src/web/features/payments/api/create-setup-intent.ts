import type { CardSetup } from '@contract/payments';
import { api } from '@/lib/api-client';

/** POST /api/setup-intents (PAYMENTS=stripe): a SetupIntent the Payment Element confirms in setup mode. */
export const createSetupIntent = () => api<CardSetup>('POST', '/api/setup-intents', {});
