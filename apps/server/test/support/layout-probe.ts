// What V8 made of an object, for warm-shapes.test.ts: whether node:http's responses are in fast
// mode (properties at fixed places) or in dictionary mode (a hash table per object), and a
// function's feedback. V8's own test hooks (%HasFastProperties, %DebugPrint), enabled at run
// time and compiled through `new Function` so that no loader has to parse them. Needs
// --expose-gc for `collectFully`.
import v8 from 'node:v8'

v8.setFlagsFromString('--allow-natives-syntax')
export const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (
  o: object,
) => boolean

/** V8's description of `o` on stdout (a function's: its inline caches' states). */
export const debugPrint = new Function('o', '%DebugPrint(o)') as (o: unknown) => void

/** Full collections, enough for V8 to drop maps it keeps for a couple of them (retain_maps). */
export function collectFully(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('run with --expose-gc')
  for (let i = 0; i < 4; i++) gc()
}
