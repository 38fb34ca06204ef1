// The basic shop's Content-Security-Policy: the shop's own (http/security-headers.ts) with no
// script at all, and no request a page could make from script either.
import { CONTENT_SECURITY_POLICY } from '../http/security-headers.js'

const BASIC_DIRECTIVES: Record<string, readonly string[] | null> = {
  ...CONTENT_SECURITY_POLICY,
  scriptSrc: ["'none'"],
  connectSrc: ["'none'"],
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
}

/** As helmet writes it, `name value;name value`; a null directive is left out, as helmet does. */
export const BASIC_CSP = Object.entries(BASIC_DIRECTIVES)
  .flatMap(([name, values]) => (values ? [`${kebab(name)} ${values.join(' ')}`] : []))
  .join(';')
