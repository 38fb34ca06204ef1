// A change that modules write together in one statement (a payment, its debit, its orders, the
// cart's paid units): each module gives its part as a Step, a WITH item, and runSteps runs them
// as one statement (one round trip inside the payment's transaction, docs/performance.md).
// Steps refer to each other through the Step values, never through names written in strings:
// a rename is a type error, and the names are given at composition, so two modules can never
// pick the same one (decision 0061).
import { SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { type DbOrTx, queryRows } from './client.js'

export interface StepOptions {
  /** Steps this one reads (they run in the same statement, before it in the WITH list). */
  needs?: readonly Step<string>[]
  /**
   * The statement is refused unless this step returned exactly one row: runSteps throws this
   * error, which rolls back the caller's transaction with everything the statement wrote.
   */
  refusal?: () => Error
}

/** One WITH item; `Columns` are the columns its rows have, for `value`. */
export class Step<Columns extends string = string> {
  readonly needs: readonly Step<string>[]
  readonly refusal: (() => Error) | undefined
  /** Given by runSteps: unique within the statement. */
  name = ''

  /**
   * `label` names the item in the statement's text (made unique there); `body` is a query
   * builder or SQL that writes or reads and, when others read it, returns rows.
   */
  constructor(
    readonly label: string,
    readonly body: SQL | SQLWrapper,
    options: StepOptions = {},
  ) {
    this.needs = options.needs ?? []
    this.refusal = options.refusal
  }

  /** The step's rows, as a table to select from. */
  get rows(): SQLWrapper {
    return { getSQL: () => sql`${sql.identifier(this.name)}`, shouldOmitSQLParens: () => true }
  }

  /** How many rows the step returned. */
  count(): SQL<number> {
    return sql<number>`(select count(*)::int from ${this.rows})`
  }

  /** `column` of the step's one row (null when it returned none). */
  value(column: Columns): SQL {
    return sql`(select ${sql.identifier(column)} from ${this.rows})`
  }
}

export interface RunOptions {
  /** The step whose row runSteps answers (undefined when it returned none). */
  returning?: Step<string>
}

/**
 * Runs `steps` (and the steps they need) as one statement in `tx`, then throws the refusal of the
 * first step, in the order given, that did not return exactly one row. A step listed as
 * `undefined` is nothing to do (a credit of zero, say).
 */
export async function runSteps(
  tx: DbOrTx,
  steps: readonly (Step<string> | undefined)[],
  options: RunOptions = {},
): Promise<Record<string, unknown> | undefined> {
  const ordered = inStatementOrder([
    ...steps.filter((step) => step !== undefined),
    ...(options.returning ? [options.returning] : []),
  ])
  if (ordered.length === 0) return undefined
  nameUniquely(ordered)
  const checked = ordered.filter((step) => step.refusal !== undefined)
  const items = sql.join(
    ordered.map((step) => sql`${sql.identifier(step.name)} as (${sqlOf(step.body)})`),
    sql`, `,
  )
  const checks = checked.map((step, i) => sql`${step.count()} as ${sql.identifier(`check_${i}`)}`)
  const answer = options.returning
    ? sql`${options.returning.count()} as returned, answer.*
        from (select 1) as one left join ${options.returning.rows} as answer on true`
    : sql`1 as one`
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`with ${items} select ${sql.join([...checks, answer], sql`, `)}`,
  )
  checked.forEach((step, i) => {
    if (row?.[`check_${i}`] !== 1) throw (step.refusal as () => Error)()
  })
  return options.returning && row?.returned === 1 ? row : undefined
}

/** Every step after the steps it needs, each once; the refusals keep the order given. */
function inStatementOrder(steps: readonly Step<string>[]): Step<string>[] {
  const ordered: Step<string>[] = []
  const visit = (step: Step<string>) => {
    if (ordered.includes(step)) return
    step.needs.forEach(visit)
    ordered.push(step)
  }
  steps.forEach(visit)
  return ordered
}

function nameUniquely(steps: readonly Step<string>[]): void {
  const taken = new Set<string>()
  for (const step of steps) {
    let name = step.label
    for (let n = 2; taken.has(name); n++) name = `${step.label}_${n}`
    taken.add(name)
    step.name = name
  }
}

function sqlOf(body: SQL | SQLWrapper): SQL {
  return body instanceof SQL ? body : body.getSQL()
}
