import type { UsernameAvailability } from '@contract/auth';
import { apiGet } from '@/lib/api-client';

/** GET /api/usernames/:username/availability: asked once, when step 1 of registration is continued. */
export const checkUsername = (username: string) => apiGet<UsernameAvailability>(`/api/usernames/${encodeURIComponent(username)}/availability`);
