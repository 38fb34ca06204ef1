// Types of server-launch.mjs, for the tests that import it.
export function serverLaunch(root?: string): { env: Record<string, string>; flags: string[] }
export const SERVER_BUNDLE: string
