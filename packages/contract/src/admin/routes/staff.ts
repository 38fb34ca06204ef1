// The back office's endpoints: setup links, staff sign-in, the team and the audit log.
import { IdParam, SuccessResponse } from '../../common.js'
import type { RouteDef } from '../../routes.js'
import { AuditList, AuditQuery } from '../audit.js'
import {
  CreateStaffBody,
  CreateStaffResponse,
  SetupBody,
  SetupConfirmBody,
  SetupInspectBody,
  SetupInspectResponse,
  SetupResponse,
  Staff,
  StaffAuthResponse,
  StaffList,
  StaffLoginBody,
  StaffMember,
  StaffRefreshBody,
  StaffTokenPair,
  UpdateStaffBody,
} from '../auth.js'
import { tags } from './tags.js'

export const adminStaffRoutes = {
  // ------------------------------------------------------------------ setup and sign-in
  setupInspect: {
    method: 'POST',
    url: '/api/admin/setup/inspect',
    auth: false,
    summary: 'What a setup link is for (first owner or an invitation); bad or used token 404',
    tags: tags.auth,
    body: SetupInspectBody,
    response: { 200: SetupInspectResponse },
  },
  setup: {
    method: 'POST',
    url: '/api/admin/setup',
    auth: false,
    summary: 'Choose the username and password of a setup link; answers the TOTP secret once',
    tags: tags.auth,
    body: SetupBody,
    response: { 201: SetupResponse },
  },
  setupConfirm: {
    method: 'POST',
    url: '/api/admin/setup/confirm',
    auth: false,
    summary: 'Prove the authenticator works; the account becomes usable and is signed in',
    tags: tags.auth,
    body: SetupConfirmBody,
    response: { 200: StaffAuthResponse },
  },
  staffLogin: {
    method: 'POST',
    url: '/api/admin/auth/login',
    auth: false,
    summary:
      'Staff sign-in: username, password and a TOTP or recovery code (a proof of work after too many failures for the username; 429 after too many from one client)',
    tags: tags.auth,
    body: StaffLoginBody,
    response: { 200: StaffAuthResponse },
  },
  staffRefresh: {
    method: 'POST',
    url: '/api/admin/auth/refresh',
    auth: false,
    summary: 'Rotate a staff refresh token',
    tags: tags.auth,
    body: StaffRefreshBody,
    response: { 200: StaffTokenPair },
  },
  staffLogout: {
    method: 'POST',
    url: '/api/admin/auth/logout',
    auth: 'staff',
    summary: 'End the current staff session',
    tags: tags.auth,
    response: { 200: SuccessResponse },
  },
  staffMe: {
    method: 'GET',
    url: '/api/admin/auth/me',
    auth: 'staff',
    summary: 'The signed-in staff member',
    tags: tags.auth,
    response: { 200: Staff },
  },

  // ------------------------------------------------------------------ staff (owner only)
  listStaff: {
    method: 'GET',
    url: '/api/admin/staff',
    auth: 'owner',
    summary: 'Every staff account',
    tags: tags.auth,
    response: { 200: StaffList },
  },
  createStaff: {
    method: 'POST',
    url: '/api/admin/staff',
    auth: 'owner',
    summary: 'Invite a staff member: a one-time setup link, valid 7 days',
    tags: tags.auth,
    body: CreateStaffBody,
    response: { 201: CreateStaffResponse },
  },
  updateStaff: {
    method: 'PATCH',
    url: '/api/admin/staff/:id',
    auth: 'owner',
    summary: 'Change a role or disable an account (its sessions end at once)',
    tags: tags.auth,
    params: IdParam,
    body: UpdateStaffBody,
    response: { 200: StaffMember },
  },
  reinviteStaff: {
    method: 'POST',
    url: '/api/admin/staff/:id/invite',
    auth: 'owner',
    summary: 'A new setup link for an account that has not completed its invitation',
    tags: tags.auth,
    params: IdParam,
    response: { 200: CreateStaffResponse },
  },

  // ------------------------------------------------------------------ audit (owner only)
  audit: {
    method: 'GET',
    url: '/api/admin/audit',
    auth: 'owner',
    summary: 'Every back-office write, newest first',
    tags: tags.audit,
    querystring: AuditQuery,
    response: { 200: AuditList },
  },
} as const satisfies Record<string, RouteDef>
