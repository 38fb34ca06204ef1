// JSON-RPC 2.0 over any transport (HTTP bodies, WebSocket messages): one request or a batch in,
// responses out, with the error objects the Solana RPC sends for bad JSON, bad requests, unknown
// methods and failed calls.
import type { LocalChain } from './chain.js'
import {
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  JsonRpcError,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
} from './errors.js'
import { parseJsonWithBigInts } from './json.js'
import { METHODS } from './methods.js'

export type Id = string | number | null

export interface JsonRpcResponse {
  jsonrpc: '2.0'
  id: Id
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

export function errorResponse(
  id: Id,
  code: number,
  message: string,
  data?: unknown,
): JsonRpcResponse {
  return {
    jsonrpc: '2.0',
    error: data === undefined ? { code, message } : { code, message, data },
    id,
  }
}

export function isId(value: unknown): value is Id {
  return value === null || typeof value === 'string' || typeof value === 'number'
}

/** A method's implementation by name; undefined for "Method not found". */
export type MethodLookup = (method: string) => ((params: unknown[]) => unknown) | undefined

/** The HTTP endpoint's methods: those of METHODS, on `chain`. */
export function chainMethods(chain: LocalChain): MethodLookup {
  return (method) => {
    const handler = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined
    return handler && ((params) => handler(chain, params))
  }
}

/** Answers one JSON-RPC request object; null for a notification (a request without id). */
export async function handleRpcRequest(
  methods: MethodLookup,
  request: unknown,
  onError: (error: unknown) => void = () => {},
): Promise<JsonRpcResponse | null> {
  if (request === null || typeof request !== 'object' || Array.isArray(request)) {
    return errorResponse(null, INVALID_REQUEST, 'Invalid request')
  }
  const { jsonrpc, method, params, id } = request as Record<string, unknown>
  const hasId = 'id' in request
  if (jsonrpc !== '2.0' || typeof method !== 'string' || (hasId && !isId(id))) {
    return errorResponse(isId(id) ? id : null, INVALID_REQUEST, 'Invalid request')
  }
  const replyId: Id = hasId && isId(id) ? id : null
  let response: JsonRpcResponse
  const handler = methods(method)
  if (!handler) {
    response = errorResponse(replyId, METHOD_NOT_FOUND, 'Method not found')
  } else if (params !== undefined && params !== null && !Array.isArray(params)) {
    response = errorResponse(
      replyId,
      INVALID_PARAMS,
      'Invalid params: expected an array of parameters',
    )
  } else {
    try {
      const result = await handler((params as unknown[] | null | undefined) ?? [])
      response = { jsonrpc: '2.0', result, id: replyId }
    } catch (error) {
      if (error instanceof JsonRpcError) {
        response = errorResponse(replyId, error.code, error.message, error.data)
      } else {
        onError(error)
        response = errorResponse(replyId, INTERNAL_ERROR, 'Internal error')
      }
    }
  }
  return hasId ? response : null
}

/** Answers a request body to `chain`'s methods: one request or a batch. Null: no body. */
export function handleRpcBody(
  chain: LocalChain,
  body: string,
  onError?: (error: unknown) => void,
): Promise<JsonRpcResponse | JsonRpcResponse[] | null> {
  return answerRpc(chainMethods(chain), body, onError)
}

/** Answers a JSON-RPC text (HTTP body or WebSocket message): one request or a batch. */
export async function answerRpc(
  methods: MethodLookup,
  body: string,
  onError?: (error: unknown) => void,
): Promise<JsonRpcResponse | JsonRpcResponse[] | null> {
  let payload: unknown
  try {
    payload = parseJsonWithBigInts(body)
  } catch {
    return errorResponse(null, PARSE_ERROR, 'Parse error')
  }
  if (!Array.isArray(payload)) return handleRpcRequest(methods, payload, onError)
  if (payload.length === 0) return errorResponse(null, INVALID_REQUEST, 'Invalid request')
  const responses: JsonRpcResponse[] = []
  // In order, one after another: a batch may send a transaction and then ask for its status.
  for (const request of payload) {
    const response = await handleRpcRequest(methods, request, onError)
    if (response) responses.push(response)
  }
  return responses.length > 0 ? responses : null
}
