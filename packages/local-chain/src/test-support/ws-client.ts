// A raw WebSocket JSON-RPC client for the subscription tests: every message the server sends is
// kept in order, so a test can wait for one, or check that one never came.
import WebSocket from 'ws'

export interface Message {
  jsonrpc: '2.0'
  id?: number | string | null
  result?: unknown
  error?: { code: number; message: string }
  method?: string
  params?: { result: unknown; subscription: number }
}

export class WsClient {
  readonly received: Message[] = []
  #waiters: (() => void)[] = []
  #nextId = 1

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.received.push(JSON.parse(data.toString()) as Message)
      for (const wake of this.#waiters.splice(0)) wake()
    })
  }

  static async open(url: string): Promise<WsClient> {
    const socket = new WebSocket(url)
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    return new WsClient(socket)
  }

  /** Sends a request; resolves with its response (not with notifications). */
  async call(method: string, params: unknown[] = []): Promise<Message> {
    const id = this.#nextId++
    this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
    return this.next((message) => message.id === id)
  }

  /** Sends raw text (no answer is awaited). */
  sendRaw(text: string): void {
    this.socket.send(text)
  }

  /** The first message, received so far or later, that satisfies `match`. */
  async next(match: (message: Message) => boolean, timeoutMs = 5000): Promise<Message> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.received.find(match)
      if (found) return found
      const left = deadline - Date.now()
      if (left <= 0)
        throw new Error(`no matching message; received ${JSON.stringify(this.received)}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.#waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  /** Notifications of one subscription, in the order they came. */
  notifications(subscription: number): unknown[] {
    return this.received
      .filter((message) => message.params?.subscription === subscription)
      .map((message) => message.params?.result)
  }

  /**
   * Everything the server sent before it answered a request sent now: the server answers in
   * order, so a notification not among these was not sent before this call.
   */
  async settle(): Promise<void> {
    await this.call('slotUnsubscribe', [-1])
  }

  close(): void {
    this.socket.close()
  }
}
