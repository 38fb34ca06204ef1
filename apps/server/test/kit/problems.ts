// The shop's error answers: a 4xx/5xx status with the body {code, detail, message}.
import { expect } from 'vitest'

interface Answer {
  statusCode: number
  body: string
  json(): unknown
}

/**
 * Expects `status` with the problem `code` and a non-empty detail, repeated as `message`; given
 * a `message`, the whole body must be `{ code, detail: message, message }`. Returns the body.
 */
export function expectProblem(
  res: Answer,
  status: number,
  code: string,
  message?: string,
): { code: string; detail: string; message: string } {
  expect(res.statusCode, res.body).toBe(status)
  const body = res.json() as { code: string; detail: string; message: string }
  if (message === undefined) {
    expect(body.code).toBe(code)
    expect(typeof body.detail).toBe('string')
    expect(body.detail.length).toBeGreaterThan(0)
    expect(body.message).toBe(body.detail)
  } else {
    expect(body).toEqual({ code, detail: message, message })
  }
  return body
}
