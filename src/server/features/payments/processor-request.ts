import { ErrorCode } from '../../../contract/errors.js';
import { AppError } from '../../errors.js';

/** A processor call made for a request: its failure is the processor's, answered 503 naming `what`, never a 500. */
export async function askProcessor<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new AppError(ErrorCode.UNAVAILABLE, `${what} is unavailable right now (${detail}). Try again in a minute.`);
  }
}
