// The database a restore writes into: whether it holds a shop already (any row in any of its
// tables), and how its shop is taken away (--force, or an empty shop at another schema): every
// table, view, sequence, type and function of the `public` schema but an extension's, and
// Drizzle's record of the migrations, found in the catalog as the tables of a backup are.
import { sql } from 'drizzle-orm'
import { type DbOrTx, queryRows } from '../db/client.js'
import { quoted, shopTables } from './catalog.js'

/** The tables that hold rows; empty for a database without a shop or with an empty one. */
export async function tablesWithRows(db: DbOrTx): Promise<string[]> {
  const names: string[] = []
  for (const table of await shopTables(db)) {
    const [row] = await queryRows<{ found: boolean }>(
      db,
      sql.raw(`select exists (select 1 from public.${quoted(table.name)}) as found`),
    )
    if (row?.found) names.push(table.name)
  }
  return names
}

/** Drops the shop's objects in the caller's transaction. */
export async function dropShop(tx: DbOrTx): Promise<void> {
  const notOfAnExtension = (oid: string) =>
    `not exists (select 1 from pg_depend d where d.objid = ${oid} and d.deptype = 'e')`
  const statements = await queryRows<{ statement: string }>(
    tx,
    sql.raw(`
      select format('drop %s if exists public.%I cascade',
                    case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
                                   when 'S' then 'sequence' when 'f' then 'foreign table'
                                   else 'table' end,
                    c.relname) as statement,
             case c.relkind when 'S' then 2 else 1 end as step
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
         and ${notOfAnExtension('c.oid')}
      union all
      select format('drop routine if exists %s cascade', p.oid::regprocedure), 3
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and ${notOfAnExtension('p.oid')}
      union all
      select format('drop type if exists public.%I cascade', t.typname), 4
        from pg_type t join pg_namespace n on n.oid = t.typnamespace
       where n.nspname = 'public' and ${notOfAnExtension('t.oid')}
         and (t.typtype in ('e', 'd', 'r', 'm')
              or (t.typtype = 'c' and exists (select 1 from pg_class k
                                               where k.oid = t.typrelid and k.relkind = 'c')))
       order by step, statement`),
  )
  for (const { statement } of statements) await tx.execute(sql.raw(statement))
  await tx.execute(sql`drop table if exists drizzle.__drizzle_migrations`)
}
