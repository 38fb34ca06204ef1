// Hears, on PostgreSQL, of every committed write to the tables behind the read caches, whichever
// process (or psql) made it, and raises their versions here (table-versions.ts, decision 0023).
//
// A statement trigger on each watched table (migration 0007) calls pg_notify(channel, table) in
// the writing transaction, so the notification is sent exactly when the write commits, and not
// at all when it rolls back. One connection of this process LISTENs.
//
// Notifications arrive some time after the commit, and a request may come sooner (its client
// got the writer's answer first). So before a cached value is served, `settled()` sends an empty
// query on the listening connection: PostgreSQL signals every listener before the writer's
// COMMIT returns, and a backend passes on what it was signalled before it answers the next
// query, so once that answer is here every write committed before the call has been heard of.
// Requests share one such round trip (the one started after they asked), not one each.
//
// When the connection is lost, the caches are dropped (every version raised) and bypassed until
// it is back and listening again: nothing heard in between can be trusted. The connection is
// opened by the first cached read, so a handle that never serves one (a tool, a test's second
// handle) holds no connection for it; until it listens, reads go to the database.
import pg from 'pg'
import { ALL_TABLES, TABLE_CHANGE_CHANNEL } from './table-versions.js'

const RECONNECT_MS = [100, 500, 1000, 2000, 5000]
const NOT_SETTLED = Promise.resolve(false)
/** How long connecting and each round trip may take before the connection counts as lost. */
const SYNC_TIMEOUT_MS = 3_000

export class TableChangeListener {
  #client: pg.Client | null = null
  #started = false
  #closed = false
  #attempt = 0
  #timer: NodeJS.Timeout | null = null
  /** The sync round trip on the wire, and the one that waits for it to end. */
  #inFlight: Promise<boolean> | null = null
  #next: Promise<boolean> | null = null

  constructor(
    private readonly url: string,
    /** A notification's payload (a table's name), or ALL_TABLES when nothing heard can be trusted. */
    private readonly heard: (payload: string) => void,
  ) {}

  /** Whether every write committed before this call has been heard of (see above). */
  settled(): Promise<boolean> {
    if (!this.#client) {
      this.#startOnce()
      return NOT_SETTLED
    }
    if (!this.#inFlight) return this.#sync()
    // The round trip on the wire may have passed PostgreSQL before the caller's write was
    // committed: wait for the next one.
    this.#next ??= this.#inFlight.then(() => {
      this.#next = null
      return this.#sync()
    })
    return this.#next
  }

  async close(): Promise<void> {
    this.#closed = true
    if (this.#timer) clearTimeout(this.#timer)
    const client = this.#client
    this.#client = null
    await client?.end().catch(() => {})
  }

  #sync(): Promise<boolean> {
    const client = this.#client
    if (!client) return NOT_SETTLED
    const done = client.query(';').then(
      () => this.#client === client,
      () => {
        this.#lost(client)
        return false
      },
    )
    this.#inFlight = done
    void done.then(() => {
      if (this.#inFlight === done) this.#inFlight = null
    })
    return done
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'shop table-change listener',
      keepAlive: true,
      // A server that stopped answering must not hold every cached read (they wait for the
      // round trip): past these it counts as lost (docs/decisions/0035).
      connectionTimeoutMillis: SYNC_TIMEOUT_MS,
      query_timeout: SYNC_TIMEOUT_MS,
    })
    client.on('notification', (message) => {
      if (message.channel === TABLE_CHANGE_CHANNEL) this.heard(message.payload ?? '')
    })
    client.on('error', () => this.#lost(client))
    client.on('end', () => this.#lost(client))
    try {
      await client.connect()
      await client.query(`listen ${TABLE_CHANGE_CHANNEL}`)
    } catch (error) {
      client.removeAllListeners('end')
      await client.end().catch(() => {})
      throw error
    }
    if (this.#closed) {
      await client.end().catch(() => {})
      return
    }
    // Anything cached before now may have missed a write: it is read again.
    this.heard(ALL_TABLES)
    this.#client = client
    this.#attempt = 0
  }

  #startOnce(): void {
    if (this.#started || this.#closed) return
    this.#started = true
    this.#connect().catch(() => this.#reconnect())
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return
    this.#client = null
    this.#inFlight = null
    this.#next = null
    this.heard(ALL_TABLES)
    client.end().catch(() => {})
    // end() says goodbye first, which a frozen server never reads: the socket goes now.
    ;(
      client as unknown as { connection?: { stream?: { destroy(): void } } }
    ).connection?.stream?.destroy()
    this.#reconnect()
  }

  #reconnect(): void {
    if (this.#closed || this.#timer) return
    const delay = RECONNECT_MS[Math.min(this.#attempt++, RECONNECT_MS.length - 1)]
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.#connect().catch(() => this.#reconnect())
    }, delay)
    this.#timer.unref()
  }
}
