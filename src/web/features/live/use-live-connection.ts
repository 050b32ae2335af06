import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { type ConnectionState, liveSocket, type Subscription } from './live-socket';

/**
 * Holds the tab's live socket while the calling screen is mounted, following `subscriptions`
 * (an empty list still receives the user's notifications). Returns the connection state.
 */
export function useLiveConnection(subscriptions: Subscription[], enabled = true): ConnectionState {
  const queryClient = useQueryClient();
  const key = JSON.stringify(subscriptions);
  useEffect(() => {
    if (!enabled) return;
    return liveSocket.retain(queryClient, JSON.parse(key) as Subscription[]);
  }, [queryClient, key, enabled]);
  return useSyncExternalStore(
    (listener) => liveSocket.onState(listener),
    () => liveSocket.state,
  );
}
