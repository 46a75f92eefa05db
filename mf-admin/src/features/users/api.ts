import type { CompanyApplicationStatus } from '@portal/shared-contracts/account';
import type {
  GetAdminArchiveOrdersResponse,
  GetAdminCompanyApplicationsResponse,
  GetAdminUsersByIdResponse,
  GetAdminUsersResponse,
  MemberOf,
  PatchAdminAccountsByIdData,
  PatchAdminUsersByIdData,
} from '@portal/shared-contracts/api-types';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

// The back office's users and clients (issue 14): the calls of api/src/modules/identity/admin-routes.ts.

export type UserStatus = 'active' | 'blocked' | 'deleted';
export const USER_STATUSES: UserStatus[] = ['active', 'blocked', 'deleted'];
export const USER_SORTS = ['createdAt', 'email', 'lastName', 'id'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export type AdminUser = MemberOf<GetAdminUsersResponse>;
/** SPEC §3 "Admin user-account view": one account of the user. */
export type AdminUserDetail = GetAdminUsersByIdResponse;
export type AdminUserAccount = AdminUserDetail['userAccounts'][number];
export type CompanyApplication = MemberOf<GetAdminCompanyApplicationsResponse>;

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
      api.GET('/api/admin/users', {
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
    queryFn: ({ signal }) => {
      if (id === null) throw new TypeError('no user chosen');
      return api.GET('/api/admin/users/{id}', { path: { id }, signal });
    },
    enabled: id !== null,
  });
}

export type UserEdit = PatchAdminUsersByIdData['body'];

/** Admin routes are authorised by the back-office role, not the bot check, so it is skipped. */
export function useUpdateUser(id: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: UserEdit) =>
      api.PATCH('/api/admin/users/{id}', { path: { id }, body: edit, skipBotCheck: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export type AccountEdit = PatchAdminAccountsByIdData['body'];

/** The back office's fields of one client account (contract number, separate invoice, client status). */
export function useUpdateAccount(id: number) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: AccountEdit) =>
      api.PATCH('/api/admin/accounts/{id}', { path: { id }, body: edit, skipBotCheck: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useCompanyApplications(status: CompanyApplicationStatus | '', page: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'applications', status, page],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/company_applications', {
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
      api.POST(
        action === 'approve'
          ? '/api/admin/company_applications/{id}/approve'
          : '/api/admin/company_applications/{id}/reject',
        { path: { id }, body: {}, skipBotCheck: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeletedProfiles(page: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'deleted', page],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/archive/deleted_profiles', { query: { page, itemsPerPage: USERS_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A paid order of a deleted account, kept for the post's records (GET /api/admin/archive/orders). */
export type ArchivedOrder = MemberOf<GetAdminArchiveOrdersResponse>;

export function useArchivedOrders(page: number) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'archived-orders', page],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/archive/orders', { query: { page, itemsPerPage: USERS_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const fullName = (user: { firstName: string | null; lastName: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');
