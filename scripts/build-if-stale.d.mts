// Types of build-if-stale.mjs, for the tests that import it.
export interface Workspace {
  name: string
  dir: string
  inputs: string[]
  markers: string[]
  uses: string[]
  buildArgs?: string[]
}
export const ROOT: string
export const WORKSPACES: Workspace[]
export function staleWorkspaces(options?: { root?: string; workspaces?: Workspace[] }): Workspace[]
export function buildStale(options?: { log?: (line: string) => void }): string[]
