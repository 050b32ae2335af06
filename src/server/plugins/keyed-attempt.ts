import { ErrorCode } from '../../contract/errors.js';
import type { Db } from '../db/client.js';
import { transaction } from '../db/unit-of-work.js';
import { AppError } from '../errors.js';
import { claimKey, keepAnswer, keepAnswerAlone, type KeyedRequest, type StoredKey } from './idempotency-keys.repository.js';

/**
 * How long a handler's value may wait to be serialized (onSend) before its transaction gives up and
 * rolls back. Fastify serializes at once; this only bounds a reply that is never sent (hijacked).
 */
const ANSWER_WAIT_MS = 5_000;

export const keyReused = () => new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED, 'This Idempotency-Key was used with a different request');
export const keyInUse = () => new AppError(ErrorCode.IDEMPOTENCY_KEY_IN_USE, 'A request with this Idempotency-Key is still being processed');

/** What the keyed handler answers Fastify: the route handler's value, or a kept answer to replay. */
export type Handled = { value: unknown } | { replay: StoredKey };

interface Answer {
  status: number;
  body: string | null;
}

/** Rolls the transaction back on purpose: the answer is a 5xx, which is never kept. */
class AnswerNotKept extends Error {}

/** The body Fastify serialized, as text; undefined for a stream, which cannot be kept. */
function bodyOf(payload: unknown): string | null | undefined {
  if (payload === undefined || payload === null) return null;
  if (typeof payload === 'string') return payload;
  return Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
}

/**
 * One run of a keyed request, in ONE transaction: claim the key (its lock, without waiting), run
 * the route handler on the transaction, wait until Fastify has serialized the answer (onSend hands
 * it to `answer`), keep it, commit. The client is answered only after that commit, so whatever it
 * was told is kept, and whatever was not kept never happened: a process that dies before the
 * commit leaves neither work nor key. Every path ends the transaction: the handler's error, a 5xx
 * answer and an answer that never comes (ANSWER_WAIT_MS) roll it back.
 */
export class KeyedAttempt {
  /** The request's transaction while its handler may use it (request.db). */
  tx: Db | null = null;
  /** What the handler threw; the transaction has rolled back and the error handler answers. */
  handlerError: unknown = undefined;
  /** onSend has handed over the handler's answer: the handler may not be run again. */
  answered = false;
  /** Settles for Fastify: the handler's value (its transaction still open) or a replay, or the error once rolled back. */
  readonly handled: Promise<Handled>;
  private readonly ended: Promise<void>;
  private handedOff = false;
  private deliver!: (answer: Answer) => void;
  private abandon!: (error: Error) => void;

  constructor(db: Db, request: KeyedRequest, idleLimitMs: number, handler: () => Promise<unknown>) {
    const answer = new Promise<Answer>((resolve, reject) => {
      this.deliver = resolve;
      this.abandon = reject;
    });
    let handOff!: (handled: Handled) => void;
    let fail!: (error: unknown) => void;
    this.handled = new Promise<Handled>((resolve, reject) => {
      handOff = resolve;
      fail = reject;
    });
    let timer: NodeJS.Timeout | undefined;
    const run = transaction(db, async (tx): Promise<Handled | undefined> => {
      const claim = await claimKey(tx, request, idleLimitMs);
      if (claim.kind === 'busy') throw keyInUse();
      if (claim.kind === 'answered') {
        if (claim.stored.requestHash !== request.requestHash) throw keyReused();
        return { replay: claim.stored };
      }
      this.tx = tx;
      handler().then(
        (value) => {
          this.handedOff = true;
          handOff({ value });
          // A handler that sent its reply itself returns once it was answered: nothing to wait for.
          if (this.answered || this.tx === null) return;
          timer = setTimeout(() => this.abandon(new AppError(ErrorCode.UNAVAILABLE, 'The answer could not be kept. Please try again.')), ANSWER_WAIT_MS);
          timer.unref();
        },
        (error: unknown) => {
          this.handlerError = error;
          this.abandon(error instanceof Error ? error : new Error(String(error)));
        },
      );
      const { status, body } = await answer;
      if (status >= 500) throw new AnswerNotKept();
      // The claim holds the key, so no other answer can be there: if one were, commit nothing.
      if (!(await keepAnswer(tx, request, status, body))) throw keyInUse();
      return undefined;
    });
    this.ended = run.then(
      (replay) => {
        this.close(timer);
        if (replay) handOff(replay);
      },
      (error: unknown) => {
        this.close(timer);
        fail(error);
        throw error;
      },
    );
    // Nobody may be waiting on either when the handler failed before answering.
    this.ended.catch(() => {});
    answer.catch(() => {});
  }

  /**
   * onSend's part: hands over the serialized answer, and resolves once it committed with the work.
   * A 5xx resolves too, rolled back (the client gets the 5xx and may retry). Rejects when the
   * transaction failed to commit, so the client is told that instead of an answer that was not
   * kept. False when this answer is not the handler's (a replay, or the error handler's after the
   * transaction ended).
   */
  async answer(status: number, payload: unknown): Promise<boolean> {
    if (this.answered || (this.tx === null && !this.handedOff)) return false;
    this.answered = true;
    const body = bodyOf(payload);
    if (body === undefined) this.abandon(new Error('an idempotent route answered with a stream, which cannot be kept'));
    else this.deliver({ status, body });
    try {
      await this.ended;
    } catch (error) {
      if (!(error instanceof AnswerNotKept)) throw error;
    }
    return true;
  }

  private close(timer: NodeJS.Timeout | undefined) {
    clearTimeout(timer);
    this.tx = null;
  }
}

/**
 * Keeps the refusal of a handler that threw (a 4xx: 409 SLOT_TAKEN), so its retry replays it. Its
 * work rolled back, so the refusal is kept by a statement of its own, and only while the key is
 * free: a request that took the key meanwhile has the say.
 */
export async function keepRefusal(db: Db, request: KeyedRequest, status: number, payload: unknown): Promise<void> {
  const body = bodyOf(payload);
  if (body !== undefined) await keepAnswerAlone(db, request, status, body);
}
