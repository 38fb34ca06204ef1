// What the locale tests of both apps read their texts with.

type Tree = { [key: string]: string | Tree }

/** A locale file's texts by their dotted key (`orders.bulk.title`). */
export function flattenTexts(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flattenTexts(value, path)) out.set(k, v)
  }
  return out
}

/** The names of the {{values}} a text fills in, sorted. */
export function textValues(text: string): (string | undefined)[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort()
}
