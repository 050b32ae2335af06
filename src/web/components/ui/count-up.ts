/** SPEC section 9: the home counters animate for 2000 ms in 60 steps with ease-out. */
export const COUNT_UP_DURATION_MS = 2000;
export const COUNT_UP_STEPS = 60;

/** Cubic ease-out: fast at first, settling gently on the target. */
export const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/** The value shown after `step` of `steps` ticks; step 0 shows 0, the last step shows exactly the target. */
export function countUpValue(target: number, step: number, steps = COUNT_UP_STEPS): number {
  if (steps <= 0 || step >= steps) return target;
  if (step <= 0) return 0;
  return Math.round(target * easeOutCubic(step / steps));
}
