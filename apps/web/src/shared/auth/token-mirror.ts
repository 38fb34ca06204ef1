// Plain localStorage copies of a session's tokens, written beside the persisted store so that a
// refresh in any tab reads the latest pair (the customer's and the staff's sessions, each under
// keys of its own). Storage may be missing or blocked: the in-memory session still works then.

export function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** Writes (or, with null, removes) one mirrored value. */
export function writeMirror(key: string, value: string | null): void {
  const storage = safeStorage()
  if (!storage) return
  try {
    if (value === null) storage.removeItem(key)
    else storage.setItem(key, value)
  } catch {
    // Storage full or blocked (private mode): the in-memory session still works.
  }
}

/** The tokens last written under `keys` by any tab. */
export function readMirroredTokens(keys: { accessToken: string; refreshToken: string }): {
  accessToken: string | null
  refreshToken: string | null
} {
  const storage = safeStorage()
  return {
    accessToken: storage?.getItem(keys.accessToken) ?? null,
    refreshToken: storage?.getItem(keys.refreshToken) ?? null,
  }
}
