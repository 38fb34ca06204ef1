// Client-side checks with the contract's own schemas: a form builds the body it is about to send
// and asks the body's TypeBox schema which fields it refuses, so the back office and the server
// agree on every limit (lengths, patterns, ranges) without a second copy of the rules.
import type { TSchema } from 'typebox'
import { Value } from 'typebox/value'

/**
 * The fields of `value` that `schema` refuses, as dotted paths (`price_eur`, `items.2.name_lt`).
 * A missing required property is reported under its own path.
 */
export function invalidFields(schema: TSchema, value: unknown): Set<string> {
  const fields = new Set<string>()
  for (const error of Value.Errors(schema, value)) {
    const base = error.instancePath.split('/').filter(Boolean)
    const required = (error.params as { requiredProperties?: unknown }).requiredProperties
    if (error.keyword === 'required' && Array.isArray(required)) {
      for (const name of required) fields.add([...base, String(name)].join('.'))
    } else {
      fields.add(base.join('.'))
    }
  }
  return fields
}
