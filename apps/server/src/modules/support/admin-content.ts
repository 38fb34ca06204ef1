// What the staff write for customers to read: the FAQ (any staff member) and the ticket
// categories (the owner), both languages, in display order. A PUT replaces the whole list in one
// transaction; a category still used by a ticket is never deleted (409 IN_USE).
import type { AdminCategories, AdminCategoriesBody, AdminFaq } from '@shop/contract'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { faqEntries, supportCategories, tickets } from '../../db/schema/support.js'
import { AppError, unlessTaken } from '../../http/errors.js'
import type { AuditLog } from '../audit/service.js'

/** A slug for a new category, from its English name (unique: a suffix when taken). */
function slugOf(name: string): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return base || 'category'
}

export class AdminContent {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
  ) {}

  async faq(): Promise<AdminFaq> {
    const rows = await this.db
      .select()
      .from(faqEntries)
      .orderBy(asc(faqEntries.position), asc(faqEntries.id))
    return {
      items: rows.map((row) => ({
        question_en: row.questionEn,
        answer_en: row.answerEn,
        question_lt: row.questionLt,
        answer_lt: row.answerLt,
      })),
    }
  }

  async putFaq(staffId: number, body: AdminFaq): Promise<AdminFaq> {
    await this.db.transaction(async (tx) => {
      await tx.delete(faqEntries)
      if (body.items.length > 0) {
        await tx.insert(faqEntries).values(
          body.items.map((item, position) => ({
            position,
            questionEn: item.question_en,
            answerEn: item.answer_en,
            questionLt: item.question_lt,
            answerLt: item.answer_lt,
          })),
        )
      }
      await this.audit.record(tx, {
        staffId,
        action: 'faq.update',
        entity: 'faq',
        entityId: null,
        summary: `${body.items.length} questions`,
        params: { count: body.items.length },
      })
    })
    return this.faq()
  }

  async categories(): Promise<AdminCategories> {
    const [rows, counts] = await Promise.all([
      this.db
        .select()
        .from(supportCategories)
        .orderBy(asc(supportCategories.position), asc(supportCategories.id)),
      this.db
        .select({ id: tickets.categoryId, n: sql<number>`count(*)::int` })
        .from(tickets)
        .groupBy(tickets.categoryId),
    ])
    const used = new Map(counts.map((row) => [row.id, row.n]))
    return {
      items: rows.map((row) => ({
        id: row.id,
        name_en: row.nameEn,
        name_lt: row.nameLt,
        tickets: used.get(row.id) ?? 0,
      })),
    }
  }

  async putCategories(staffId: number, body: AdminCategoriesBody): Promise<AdminCategories> {
    const kept = body.items.flatMap((item) => (item.id === undefined ? [] : [item.id]))
    await unlessTaken('NAME_TAKEN', () =>
      this.db.transaction(async (tx) => {
        const existing = await tx.select().from(supportCategories).for('update')
        const known = new Set(existing.map((row) => row.id))
        if (kept.some((id) => !known.has(id))) throw new AppError('CATEGORY_NOT_FOUND')
        const dropped = existing.filter((row) => !kept.includes(row.id)).map((row) => row.id)
        if (dropped.length > 0) {
          const inUse = await tx.$count(tickets, inArray(tickets.categoryId, dropped))
          if (inUse > 0) throw new AppError('IN_USE')
          await tx.delete(supportCategories).where(inArray(supportCategories.id, dropped))
        }
        const slugs = new Set(
          existing.filter((row) => kept.includes(row.id)).map((row) => row.slug),
        )
        for (const [position, item] of body.items.entries()) {
          const names = { nameEn: item.name_en, nameLt: item.name_lt, position }
          if (item.id !== undefined) {
            await tx.update(supportCategories).set(names).where(eq(supportCategories.id, item.id))
            continue
          }
          let slug = slugOf(item.name_en)
          for (let n = 2; slugs.has(slug); n++) slug = `${slugOf(item.name_en)}-${n}`
          slugs.add(slug)
          await tx.insert(supportCategories).values({ ...names, slug })
        }
        await this.audit.record(tx, {
          staffId,
          action: 'support_categories.update',
          entity: 'support_category',
          entityId: null,
          summary: body.items.map((item) => item.name_en).join(', '),
          params: { count: body.items.length, names: body.items.map((i) => i.name_en).join(', ') },
        })
      }),
    )
    return this.categories()
  }
}
