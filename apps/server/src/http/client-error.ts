// Requests Node's HTTP parser refuses before Fastify sees them (`Content-Length: -1`, a
// Content-Length beside `Transfer-Encoding: chunked`, a broken request line, headers too large,
// a request that took too long to arrive) are answered here, on the raw socket: with the shop's
// error body {code, detail, message} and the same security headers as every other answer, not
// Fastify's own {error, message, statusCode}. Nothing is logged: the parser's error carries the
// request's raw bytes.
import type { Socket } from 'node:net'
import { type ErrorCode, errorBody } from '@shop/contract'
import { helmetHeaders } from './security-headers.js'

interface ParserRefusal {
  status: number
  reason: string
  code: ErrorCode
  message: string
}

function refusalOf(errorCode: string | undefined): ParserRefusal {
  if (errorCode === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      reason: 'Request Timeout',
      code: 'VALIDATION_ERROR',
      message: 'The request took too long to arrive.',
    }
  }
  if (errorCode === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request headers are too large.',
    }
  }
  return {
    status: 400,
    reason: 'Bad Request',
    code: 'VALIDATION_ERROR',
    message: 'The request is not valid HTTP.',
  }
}

/** Fastify's `clientErrorHandler`: writes the refusal, then closes the connection. */
export function createClientErrorHandler(): (error: NodeJS.ErrnoException, socket: Socket) => void {
  const securityHeaders = Object.entries({
    ...helmetHeaders(),
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  return (error, socket) => {
    // A reset connection is gone: there is nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const refusal = refusalOf(error.code)
    const body = JSON.stringify(errorBody(refusal.code, refusal.message))
    // Node's own rule: never write into an answer already under way on this connection.
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage
    if (socket.writable && !answering?.headersSent) {
      socket.write(
        `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n${securityHeaders}` +
          `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      )
    }
    socket.destroy()
  }
}
