// A CSV file as an answer (docs/data-in-and-out.md): UTF-8 text saved as a download under its
// name. The stream is sent as it is produced; no-store as every API answer.
import type { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'

/** A file name the header can carry as it is: letters, digits, `.`, `_` and `-`. */
const SAFE_NAME = /^[A-Za-z0-9._-]+$/

export function csvAnswer(reply: FastifyReply, file: { name: string; content: Readable }) {
  if (!SAFE_NAME.test(file.name)) throw new Error(`unsafe file name ${file.name}`)
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.name}"`)
  return file.content
}
