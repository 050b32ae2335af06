import { businessDayKey, type LiveConnection } from './live-connection.js';

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

/**
 * This process's open sockets, indexed the ways events look them up (by user, by business-day), so
 * an event costs work only for the sockets it is for. Per-IP counts bound what one client can hold.
 */
export class LiveRegistry {
  readonly all = new Set<LiveConnection>();
  private readonly byUser = new Map<number, Set<LiveConnection>>();
  private readonly byBusinessDay = new Map<string, Set<LiveConnection>>();
  private readonly perIp = new Map<string, number>();

  connectionsFrom(ip: string): number {
    return this.perIp.get(ip) ?? 0;
  }

  add(connection: LiveConnection): void {
    this.all.add(connection);
    this.perIp.set(connection.ip, this.connectionsFrom(connection.ip) + 1);
    if (connection.user) addTo(this.byUser, connection.user.id, connection);
  }

  remove(connection: LiveConnection): void {
    if (!this.all.delete(connection)) return;
    const left = this.connectionsFrom(connection.ip) - 1;
    if (left > 0) this.perIp.set(connection.ip, left);
    else this.perIp.delete(connection.ip);
    if (connection.user) removeFrom(this.byUser, connection.user.id, connection);
    for (const key of connection.businessDays) removeFrom(this.byBusinessDay, key, connection);
    connection.businessDays.clear();
  }

  subscribeBusinessDay(connection: LiveConnection, businessId: number, date: string): void {
    const key = businessDayKey(businessId, date);
    connection.businessDays.add(key);
    addTo(this.byBusinessDay, key, connection);
  }

  unsubscribeBusinessDay(connection: LiveConnection, businessId: number, date: string): void {
    const key = businessDayKey(businessId, date);
    connection.businessDays.delete(key);
    removeFrom(this.byBusinessDay, key, connection);
  }

  subscribersOf(businessId: number, date: string): ReadonlySet<LiveConnection> {
    return this.byBusinessDay.get(businessDayKey(businessId, date)) ?? new Set();
  }

  connectionsOf(userId: number): ReadonlySet<LiveConnection> {
    return this.byUser.get(userId) ?? new Set();
  }
}
