import type { QueryClient } from '@tanstack/react-query';
import type { ServerMessage } from '@contract/live';
import { applyLiveMessage, refetchWhatTheGapMissed } from './apply-live-message';

export type ConnectionState = 'disconnected' | 'connecting' | 'connected';
export type Subscription = { businessId: number; date: string } | { customer: true };

/** SPEC section 9: reconnect 3 seconds after a close. */
export const RECONNECT_DELAY_MS = 3000;

const subKey = (s: Subscription) => ('customer' in s ? 'customer' : `${s.businessId}|${s.date}`);

/**
 * The tab's one /ws socket. Screens retain it with what they follow; it opens on the first retain,
 * re-subscribes everything after a reconnect, and closes when nobody holds it.
 */
class LiveSocket {
  state: ConnectionState = 'disconnected';
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private holders = 0;
  private subs = new Map<string, { sub: Subscription; count: number }>();
  private stateListeners = new Set<() => void>();
  private messageListeners = new Set<(m: ServerMessage) => void>();
  private queryClient: QueryClient | null = null;

  retain(queryClient: QueryClient, subscriptions: Subscription[]): () => void {
    this.queryClient = queryClient;
    this.holders++;
    for (const sub of subscriptions) this.addSub(sub);
    if (!this.socket && !this.timer) this.open();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const sub of subscriptions) this.removeSub(sub);
      if (--this.holders === 0) this.shutdown();
    };
  }

  /** After signing in or out the socket must carry the new session. */
  restart() {
    if (this.holders === 0) return;
    this.shutdown();
    this.open();
  }

  onState(listener: () => void) {
    this.stateListeners.add(listener);
    return () => void this.stateListeners.delete(listener);
  }

  onMessage(listener: (m: ServerMessage) => void) {
    this.messageListeners.add(listener);
    return () => void this.messageListeners.delete(listener);
  }

  private setState(state: ConnectionState) {
    this.state = state;
    this.stateListeners.forEach((l) => l());
  }

  private send(message: object) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private addSub(sub: Subscription) {
    const key = subKey(sub);
    const held = this.subs.get(key);
    if (held) return void held.count++;
    this.subs.set(key, { sub, count: 1 });
    this.send({ type: 'subscribe', ...sub });
  }

  private removeSub(sub: Subscription) {
    const key = subKey(sub);
    const held = this.subs.get(key);
    if (!held || --held.count > 0) return;
    this.subs.delete(key);
    this.send({ type: 'unsubscribe', ...sub });
  }

  private open() {
    this.timer = null;
    const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${protocol}//${location.host}/ws`);
    this.socket = socket;
    this.setState('connecting');
    socket.onopen = () => {
      this.setState('connected');
      for (const { sub } of this.subs.values()) this.send({ type: 'subscribe', ...sub });
      // Events sent before the server held this socket never reach it: what was read before now is read again.
      if (this.queryClient) refetchWhatTheGapMissed(this.queryClient, Date.now());
    };
    socket.onmessage = (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      if (this.queryClient) applyLiveMessage(this.queryClient, message);
      this.messageListeners.forEach((l) => l(message));
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setState('disconnected');
      if (this.holders > 0) this.timer = setTimeout(() => this.open(), RECONNECT_DELAY_MS);
    };
  }

  private shutdown() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.setState('disconnected');
  }
}

export const liveSocket = new LiveSocket();
