// Whether V8 builds node:http's responses in fast mode (properties at fixed places) or in
// dictionary mode (a hash table per object), for warm-shapes.test.ts. V8's own test hook
// %HasFastProperties, enabled at run time and compiled through `new Function` so that no
// loader has to parse it. Needs --expose-gc for `collectFully`.
import v8 from 'node:v8'

v8.setFlagsFromString('--allow-natives-syntax')
export const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (
  o: object,
) => boolean

/** Full collections, enough for V8 to drop maps it keeps for a couple of them (retain_maps). */
export function collectFully(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('run with --expose-gc')
  for (let i = 0; i < 4; i++) gc()
}
