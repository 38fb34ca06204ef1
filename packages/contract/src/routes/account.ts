// The customer API's system, account and support endpoints (specification section 7).

import Type from 'typebox'
import {
  CheckUsernameResponse,
  LoginBody,
  LoginChallenge,
  RefreshBody,
  RegisterBody,
  TelegramLoginBody,
  UsernameParam,
  VerifyResponse,
} from '../auth.js'
import { LangQuery, PageQuery, SuccessResponse } from '../common.js'
import {
  AuthResponse,
  CategoryList,
  Faq,
  Health,
  PublicConfig,
  Stats,
  TicketDetail,
  TicketList,
  TokenPair,
  User,
} from '../entities.js'
import type { RouteDef } from '../route-def.js'
import { CreateTicketBody, ReplyBody, TicketIdParam, UnreadTickets } from '../support.js'

// Ticket answers name their category in the language the web shows (`?lang=`), else that of
// Accept-Language, else English.
const LocalizedPageQuery = Type.Object({ ...PageQuery.properties, ...LangQuery.properties })

export const accountRoutes = {
  // ------------------------------------------------------------------ system
  health: {
    method: 'GET',
    url: '/api/health',
    auth: false,
    summary: 'Liveness check',
    tags: ['system'],
    response: { 200: Health },
  },
  config: {
    method: 'GET',
    url: '/api/config',
    auth: false,
    summary: 'Public configuration of the shop (Telegram login, demo wallet, languages)',
    tags: ['system'],
    response: { 200: PublicConfig },
  },

  // ------------------------------------------------------------------ auth
  telegramLogin: {
    method: 'POST',
    url: '/api/auth/telegram/telegram-login',
    auth: false,
    summary: 'Log in (or sign up) with the Telegram Login Widget data',
    tags: ['auth'],
    body: TelegramLoginBody,
    response: { 200: AuthResponse },
  },
  register: {
    method: 'POST',
    url: '/api/auth/web/register',
    auth: false,
    summary: 'Create an account with a username and a password',
    tags: ['auth'],
    body: RegisterBody,
    response: { 200: AuthResponse },
  },
  login: {
    method: 'POST',
    url: '/api/auth/web/login',
    auth: false,
    summary: 'Log in with a username and a password',
    tags: ['auth'],
    body: LoginBody,
    response: { 200: AuthResponse },
  },
  loginChallenge: {
    method: 'POST',
    url: '/api/auth/challenge',
    auth: false,
    summary: 'A proof-of-work challenge, for a login after too many wrong guesses',
    tags: ['auth'],
    response: { 200: LoginChallenge },
  },
  checkUsername: {
    method: 'GET',
    url: '/api/auth/web/check-username/:username',
    auth: false,
    summary: 'Whether a username is valid and still free',
    tags: ['auth'],
    params: UsernameParam,
    response: { 200: CheckUsernameResponse },
  },
  refresh: {
    method: 'POST',
    url: '/api/auth/telegram/refresh',
    auth: false,
    summary: 'Exchange a refresh token for a new access token and a new refresh token',
    tags: ['auth'],
    body: RefreshBody,
    response: { 200: TokenPair },
  },
  refreshToken: {
    method: 'POST',
    url: '/api/auth/telegram/refresh-token',
    auth: false,
    summary: 'Same as /api/auth/telegram/refresh',
    tags: ['auth'],
    body: RefreshBody,
    response: { 200: TokenPair },
  },
  logout: {
    method: 'POST',
    url: '/api/auth/logout',
    auth: true,
    summary: 'Revoke the current session',
    tags: ['auth'],
    response: { 200: SuccessResponse },
  },
  verify: {
    method: 'GET',
    url: '/api/auth/verify',
    auth: true,
    summary: 'Check the access token and return its user',
    tags: ['auth'],
    response: { 200: VerifyResponse },
  },

  // ------------------------------------------------------------------ user
  me: {
    method: 'GET',
    url: '/api/user/me',
    auth: true,
    summary: 'The current user',
    tags: ['user'],
    response: { 200: User },
  },
  stats: {
    method: 'GET',
    url: '/api/user/stats',
    auth: true,
    summary: "The current user's statistics",
    tags: ['user'],
    response: { 200: Stats },
  },

  // ------------------------------------------------------------------ support
  listCategories: {
    method: 'GET',
    url: '/api/support/categories',
    auth: true,
    summary: 'Ticket categories',
    tags: ['support'],
    querystring: LangQuery,
    response: { 200: CategoryList },
  },
  createTicket: {
    method: 'POST',
    url: '/api/support/tickets',
    auth: true,
    summary: 'Open a ticket with a first message',
    tags: ['support'],
    querystring: LangQuery,
    body: CreateTicketBody,
    response: { 200: TicketDetail },
  },
  listTickets: {
    method: 'GET',
    url: '/api/support/tickets',
    auth: true,
    summary: 'My tickets, most recently updated first',
    tags: ['support'],
    querystring: LocalizedPageQuery,
    response: { 200: TicketList },
  },
  getTicket: {
    method: 'GET',
    url: '/api/support/tickets/:id',
    auth: true,
    summary: "One of my tickets with its messages; opening it marks the shop's replies read",
    tags: ['support'],
    params: TicketIdParam,
    querystring: LangQuery,
    response: { 200: TicketDetail },
  },
  replyTicket: {
    method: 'POST',
    url: '/api/support/tickets/:id/reply',
    auth: true,
    summary: 'Add a message to one of my tickets',
    tags: ['support'],
    params: TicketIdParam,
    querystring: LangQuery,
    body: ReplyBody,
    response: { 200: TicketDetail },
  },
  unreadTickets: {
    method: 'GET',
    url: '/api/support/unread',
    auth: true,
    summary: 'How many of my tickets have a shop reply I have not opened yet',
    tags: ['support'],
    response: { 200: UnreadTickets },
  },
  faq: {
    method: 'GET',
    url: '/api/support/faq',
    auth: false,
    summary: 'Frequently asked questions',
    tags: ['support'],
    querystring: LangQuery,
    response: { 200: Faq },
  },
} as const satisfies Record<string, RouteDef>
