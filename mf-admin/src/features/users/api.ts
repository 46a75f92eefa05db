import { ApplicationError, type HydraCollection } from '@portal/shared-contracts';
import type { CompanyApplicationStatus } from '@portal/shared-contracts/account';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

// The back office's users and clients (issue 14): the calls of api/src/modules/identity/admin-routes.ts.

export type UserStatus = 'active' | 'blocked' | 'deleted';
export const USER_STATUSES: UserStatus[] = ['active', 'blocked', 'deleted'];
export const USER_SORTS = ['createdAt', 'email', 'lastName', 'id'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export interface AdminUser {
  '@id': string;
  id: number;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  adminRoles: string[];
  authMethods: string[];
  status: UserStatus;
  blockedAt: string | null;
  deletedAt: string | null;
  createdAt: string;
}

/** SPEC §3 "Admin user-account view": one account of the user. */
export interface AdminUserAccount {
  linkId: number;
  role: string;
  clientId: number;
  type: string;
  email: string | null;
  company: string | null;
  registrationNumber: string | null;
  contractNumber: string | null;
  separateInvoice: boolean;
  clientStatus: 'active' | 'inactive';
  phone: string | null;
  address: string | null;
  branches: string[];
  addedAt: string;
  addedBy: { id: number; email: string | null; name: string | null } | null;
}

export interface AdminUserDetail extends AdminUser {
  userAccounts: AdminUserAccount[];
}

export interface CompanyApplication {
  '@id': string;
  id: number;
  companyName: string;
  registrationNumber: string;
  vatNumber: string | null;
  email: string;
  phonePrefix: string | null;
  phone: string | null;
  address: string | null;
  iban: string | null;
  status: CompanyApplicationStatus;
  reviewedAt: string | null;
  accountId: number | null;
  createdAt: string;
  applicant: { id: number; email: string | null; firstName: string | null; lastName: string | null };
}

export const USERS_PER_PAGE = 20;
const KEY = ['admin', 'users'];

export interface UserListFilter {
  search: string;
  status: UserStatus | '';
  sort: UserSort;
  descending: boolean;
  page: number;
}

export function useAdminUsers({ search, status, sort, descending, page }: UserListFilter) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'list', search, status, sort, descending, page],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<AdminUser>>('/api/admin/users', {
        query: {
          search: search.trim() || undefined,
          status: status || undefined,
          [`order[${sort}]`]: descending ? 'desc' : 'asc',
          page,
          itemsPerPage: USERS_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: number | null) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api.get<AdminUserDetail>(`/api/admin/users/${id}`, { signal }),
    enabled: id !== null,
  });
}

export interface UserEdit {
  firstName: string | null;
  lastName: string | null;
  blocked: boolean;
}

/** Admin routes are authorised by the back-office role, not the bot check, so it is skipped. */
export function useUpdateUser(id: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: UserEdit) => api.patch<AdminUser>(`/api/admin/users/${id}`, edit, { skipBotCheck: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export interface AccountEdit {
  contractNumber: string | null;
  separateInvoice: boolean;
  isActive: boolean;
}

/** The back office's fields of one client account (contract number, separate invoice, client status). */
export function useUpdateAccount(id: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: AccountEdit) => api.patch(`/api/admin/accounts/${id}`, edit, { skipBotCheck: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useCompanyApplications(status: CompanyApplicationStatus | '', page: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'applications', status, page],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<CompanyApplication>>('/api/admin/company_applications', {
        query: { status: status || undefined, page, itemsPerPage: USERS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDecideApplication() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'approve' | 'reject' }) =>
      api.post<CompanyApplication>(`/api/admin/company_applications/${id}/${action}`, {}, { skipBotCheck: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeletedProfiles(page: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'deleted', page],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<AdminUser>>('/api/admin/archive/deleted_profiles', {
        query: { page, itemsPerPage: USERS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A paid order of a deleted account, kept for the post's records (GET /api/admin/archive/orders). */
export interface ArchivedOrder {
  '@id': string;
  id: number;
  status: string;
  totalCents: number | null;
  barcodes: string[];
  user: { id: number; email: string | null } | null;
  createdAt: string;
  paidAt: string | null;
  archivedAt: string | null;
  pseudonymisedAt: string | null;
}

export function useArchivedOrders(page: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'archived-orders', page],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<ArchivedOrder>>('/api/admin/archive/orders', {
        query: { page, itemsPerPage: USERS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Server violations by field, or null when the error has none. */
export function violationsByField(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApplicationError) || error.violations.length === 0) return null;
  return Object.fromEntries(error.violations.map((violation) => [violation.propertyPath, violation.message]));
}

export const fullName = (user: { firstName: string | null; lastName: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');
