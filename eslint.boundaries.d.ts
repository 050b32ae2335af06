// Types of what eslint.boundaries.js exports for TypeScript readers (the SQL boundary test reads the
// same feature dependencies the lint checks: docs/decisions/0030-sql-boundaries.md).
import type { Linter } from 'eslint';

export const serverFeatureDependencies: Record<string, readonly string[]>;
export const webFeatureDependencies: Record<string, readonly string[]>;
export const testFiles: readonly string[];
export function assertNoCycle(side: string, graph: Record<string, readonly string[]>): void;
declare const config: Linter.Config[];
export default config;
