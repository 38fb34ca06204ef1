// What the owner writes for customers to read: the FAQ and the ticket categories, both languages.

import Type, { type Static } from 'typebox'
import { Id } from '../common.js'
import { FAQ_ANSWER_MAX_LENGTH, FAQ_MAX_ITEMS, FAQ_QUESTION_MAX_LENGTH } from '../constants.js'
import { Name } from './catalog.js'

const Question = Type.String({ minLength: 1, maxLength: FAQ_QUESTION_MAX_LENGTH, pattern: '\\S' })
const Answer = Type.String({ minLength: 1, maxLength: FAQ_ANSWER_MAX_LENGTH, pattern: '\\S' })

export const AdminFaqItem = Type.Object({
  question_en: Question,
  answer_en: Answer,
  question_lt: Question,
  answer_lt: Answer,
})
export type AdminFaqItem = Static<typeof AdminFaqItem>

/** The whole FAQ in display order; PUT replaces it. */
export const AdminFaq = Type.Object({
  items: Type.Array(AdminFaqItem, { maxItems: FAQ_MAX_ITEMS }),
})
export type AdminFaq = Static<typeof AdminFaq>

export const AdminCategoryInput = Type.Object({
  id: Type.Optional(Id),
  name_en: Name,
  name_lt: Name,
})
export type AdminCategoryInput = Static<typeof AdminCategoryInput>

/**
 * The ticket categories in display order; PUT replaces the list: items with an id are renamed,
 * items without one are created, and a category left out is deleted (409 IN_USE while a ticket
 * uses it).
 */
export const AdminCategoriesBody = Type.Object({
  items: Type.Array(AdminCategoryInput, { minItems: 1, maxItems: 50 }),
})
export type AdminCategoriesBody = Static<typeof AdminCategoriesBody>

export const AdminCategory = Type.Object({
  id: Id,
  name_en: Type.String(),
  name_lt: Type.String(),
  tickets: Type.Integer({ minimum: 0, description: 'Tickets in this category' }),
})
export type AdminCategory = Static<typeof AdminCategory>

export const AdminCategories = Type.Object({ items: Type.Array(AdminCategory) })
export type AdminCategories = Static<typeof AdminCategories>
