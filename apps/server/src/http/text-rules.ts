// The one rule every text a client sends obeys, whatever the field (a ticket, a problem report,
// a product name, a search, a delivery code): no NUL, which PostgreSQL text cannot hold (the
// statement would fail with a 500), and no lone UTF-16 surrogate, which cannot be written as
// UTF-8 (the drivers would store U+FFFD instead: the text would not come back as it was sent).
// route.ts applies it to every route's body, query and path; services that take text from
// elsewhere (ticket-rules.ts) ask textProblem.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export type TextProblem = 'nul' | 'lone-surrogate'

/** What is wrong with `text`, or null when any database keeps it exactly. */
export function textProblem(text: string): TextProblem | null {
  if (text.includes('\u0000')) return 'nul'
  if (LONE_SURROGATE.test(text)) return 'lone-surrogate'
  return null
}

/** "body.title must be valid Unicode text" */
export function textProblemMessage(field: string, problem: TextProblem): string {
  return problem === 'nul'
    ? `${field} must not contain NUL characters`
    : `${field} must be valid Unicode text`
}

/**
 * The first string anywhere in `value` (keys included) that breaks the rule, with its path from
 * `root` ("body.codes.1"). Walked with a stack of its own, not by recursion: a route without a
 * body schema receives any JSON, and thousands of nested arrays would overflow the call stack.
 * Bytes (an uploaded image) are not text and are skipped.
 */
export function findTextProblem(
  value: unknown,
  root: string,
): { field: string; problem: TextProblem } | null {
  const pending: [unknown, string][] = [[value, root]]
  while (pending.length > 0) {
    const [next, field] = pending.pop() as [unknown, string]
    if (typeof next === 'string') {
      const problem = textProblem(next)
      if (problem) return { field, problem }
    } else if (next && typeof next === 'object' && !ArrayBuffer.isView(next)) {
      for (const [key, item] of Object.entries(next)) {
        const problem = textProblem(key)
        if (problem) return { field: `${field} key`, problem }
        pending.push([item, `${field}.${key}`])
      }
    }
  }
  return null
}
