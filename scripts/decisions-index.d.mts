// Types of decisions-index.mjs, for the test that imports it.
export const DECISIONS: string
export function decisionsIndex(dir?: string): string
