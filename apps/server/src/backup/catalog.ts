// The shop's tables as the database's own catalog lists them, not as a list kept by hand: every
// table of the `public` schema with its columns (generated ones left out: the database computes
// them), in an order where each table comes after the tables its foreign keys name, and the
// sequences behind identity and serial columns. A table or column a later migration adds is in
// the next backup without a change here.
import { sql } from 'drizzle-orm'
import { type DbOrTx, queryRows } from '../db/client.js'

export interface ShopColumn {
  name: string
  /** The column's type as `format_type` writes it, the cast a restored value gets. */
  type: string
}

export interface ShopTable {
  name: string
  columns: ShopColumn[]
  /** The primary key's columns in key order (rows are dumped in that order); empty without one. */
  primaryKey: string[]
}

export interface ShopSequence {
  table: string
  column: string
  /** The sequence's name as `pg_get_serial_sequence` gives it (schema-qualified). */
  sequence: string
}

/** Every table of the shop, parents before the tables whose foreign keys point at them. */
export async function shopTables(db: DbOrTx): Promise<ShopTable[]> {
  const columns = await queryRows<{ table: string; column: string; type: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column",
               format_type(a.atttypid, a.atttypmod) as "type"
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attgenerated = ''
         order by c.relname, a.attnum`,
  )
  const keys = await queryRows<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
          from pg_index i
          join pg_class c on c.oid = i.indrelid
          join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
         where n.nspname = 'public' and i.indisprimary
         order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  )
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
          from pg_constraint k
          join pg_class child on child.oid = k.conrelid
          join pg_class parent on parent.oid = k.confrelid
          join pg_namespace n on n.oid = child.relnamespace
         where k.contype = 'f' and n.nspname = 'public'`,
  )
  const tables = new Map<string, ShopTable>()
  for (const row of columns) {
    let table = tables.get(row.table)
    if (!table) {
      table = { name: row.table, columns: [], primaryKey: [] }
      tables.set(row.table, table)
    }
    table.columns.push({ name: row.column, type: row.type })
  }
  for (const row of keys) tables.get(row.table)?.primaryKey.push(row.column)
  return inForeignKeyOrder(tables, references)
}

/** Parents first, then by name: a stable order for equal schemas. */
function inForeignKeyOrder(
  tables: Map<string, ShopTable>,
  references: readonly { child: string; parent: string }[],
): ShopTable[] {
  const parents = new Map<string, Set<string>>()
  for (const name of tables.keys()) parents.set(name, new Set())
  for (const { child, parent } of references) {
    // A table's key pointing at its own rows orders nothing between tables.
    if (child !== parent && tables.has(parent)) parents.get(child)?.add(parent)
  }
  const ordered: ShopTable[] = []
  const placed = new Set<string>()
  while (placed.size < tables.size) {
    const ready = [...tables.keys()]
      .filter(
        (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)),
      )
      .sort()
    if (ready.length === 0) {
      const left = [...tables.keys()].filter((name) => !placed.has(name))
      throw new Error(`the foreign keys of ${left.join(', ')} form a cycle`)
    }
    for (const name of ready) {
      placed.add(name)
      const table = tables.get(name)
      if (table) ordered.push(table)
    }
  }
  return ordered
}

/** The sequences that give identity and serial columns their values. */
export async function shopSequences(db: DbOrTx): Promise<ShopSequence[]> {
  return queryRows<ShopSequence>(
    db,
    sql`select * from (
          select c.relname as "table", a.attname as "column",
                 pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname)
                   as "sequence"
            from pg_class c
            join pg_namespace n on n.oid = c.relnamespace
            join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
           where n.nspname = 'public' and c.relkind in ('r', 'p')) s
         where "sequence" is not null
         order by "table", "column"`,
  )
}

/** `"name"`, an identifier quoted for SQL. */
export function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
