import type { QueryClient } from '@tanstack/react-query';
import { liveSocket } from './live-socket';

let lastUserId: number | null = null;

/** The header's hold on the socket for a signed-in user (notifications); a new user gets a new session. */
export function retainForUser(queryClient: QueryClient, userId: number): () => void {
  const release = liveSocket.retain(queryClient, []);
  if (lastUserId !== null && lastUserId !== userId) liveSocket.restart();
  lastUserId = userId;
  return release;
}
