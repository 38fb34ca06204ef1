// Saves a file the API answered: the bytes were fetched with the staff token (a bearer token, so
// a plain link cannot carry it), and are handed to the browser's download through an object URL
// and a link with `download`, which the shop's CSP allows (it governs what a page loads, not
// where a download comes from). The URL is revoked once the download has it.
/** Long enough for any browser to have started the download (FileSaver.js waits 40 s). */
const REVOKE_AFTER_MS = 60_000

export function saveFile({ blob, name }: { blob: Blob; name: string }): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}
