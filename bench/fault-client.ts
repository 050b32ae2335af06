// HTTP for the fault injection: a request either gets an answer or fails because the app died
// under it. Every answer is counted; 2xx answers are what the database must still hold afterwards.

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON checked by the caller
  cookie?: string;
  /** The answer was an Idempotency-Key replay (Idempotent-Replayed: true). */
  replayed: boolean;
}

export interface Tally {
  /** Requests sent (answered or not). */
  requests: number;
  /** Requests the dying app never answered (connection refused or reset). */
  unanswered: number;
  /** Answers by status code. */
  byStatus: Record<number, number>;
  /** 5xx answers other than 503 UNAVAILABLE, with their bodies: the app must never give these. */
  serverErrors: string[];
}

export const newTally = (): Tally => ({ requests: 0, unanswered: 0, byStatus: {}, serverErrors: [] });

/** Sends one JSON request; resolves to null when the app went away before answering. */
export async function send(baseUrl: string, tally: Tally, method: string, path: string, body?: unknown, cookie?: string, idempotencyKey?: string): Promise<Answer | null> {
  tally.requests++;
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      // A request the app never answers (a hang) counts as unanswered, and would show in the figures.
      signal: AbortSignal.timeout(20_000),
    });
  } catch {
    tally.unanswered++;
    return null;
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    // Killed while the body was on its way: the status alone proves nothing was kept.
    tally.unanswered++;
    return null;
  }
  tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
  if (process.env.FAULT_DEBUG && res.status >= 400) console.log(method, path, res.status, text.slice(0, 160));
  if (res.status >= 500 && res.status !== 503) tally.serverErrors.push(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
  const setCookie = res.headers.get('set-cookie');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    tally.serverErrors.push(`${method} ${path} → ${res.status} not JSON: ${text.slice(0, 200)}`);
  }
  return {
    status: res.status,
    body: json,
    cookie: setCookie?.startsWith('sid=') ? setCookie.split(';')[0] : undefined,
    replayed: res.headers.get('idempotent-replayed') === 'true',
  };
}
