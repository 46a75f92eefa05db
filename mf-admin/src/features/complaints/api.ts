import { parametersOf, saveFile } from '@portal/shared-contracts';
import type {
  GetAdminComplaintsByIdResponse,
  GetAdminComplaintsResponse,
  MemberOf,
} from '@portal/shared-contracts/api-types';
import type { ComplaintStatus, RefundDecision } from '@portal/shared-contracts/complaints';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** One row of `GET /api/admin/complaints` (api/src/modules/complaints/admin-routes.ts). */
export type QueueRow = MemberOf<GetAdminComplaintsResponse>;

export type AdminAttachment = AdminComplaint['attachments'][number];

/** `GET /api/admin/complaints/{id}`: every field the complainant gave, the handling and the answer. */
export type AdminComplaint = GetAdminComplaintsByIdResponse;

export interface QueueSearch {
  q: string;
  status: ComplaintStatus | '';
  refundDecision: RefundDecision | '';
  order: 'asc' | 'desc';
  page: number;
}

export const COMPLAINTS_PER_PAGE = 20;
const KEY = ['admin', 'complaints'];

export function useComplaintQueue(search: QueueSearch) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'queue', search],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/complaints', {
        query: {
          q: search.q.trim() || undefined,
          status: search.status || undefined,
          refundDecision: search.refundDecision || undefined,
          'order[createdAt]': search.order,
          page: search.page,
          itemsPerPage: COMPLAINTS_PER_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminComplaint(id: string | undefined) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api.GET('/api/admin/complaints/{id}', { path: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

/** POST …/answer: the complaint is answered and the complainant gets the answer by e-mail. */
export function useAnswerComplaint(id: number) {
  const { api } = usePlatform();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (answer: string) =>
      api.POST('/api/admin/complaints/{id}/answer', { path: { id }, body: { answer }, skipBotCheck: true }),
    onSuccess: invalidate,
  });
}

/** PATCH: the status in the queue or the refund decision. */
export function useHandleComplaint(id: number) {
  const { api } = usePlatform();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (change: { status?: string; refundDecision?: string }) =>
      api.PATCH('/api/admin/complaints/{id}', { path: { id }, body: change, skipBotCheck: true }),
    onSuccess: invalidate,
  });
}

/** A file of the complaint, fetched with the staff member's sign-in (attachments are never public). */
export function useDownloadAttachment() {
  const { api } = usePlatform();
  return useMutation({
    mutationFn: async (attachment: AdminAttachment) => {
      const template = '/api/admin/complaints/{id}/attachments/{attachmentId}';
      const path = parametersOf(template, attachment['@id']);
      saveFile(await api.GET(template, { path, responseType: 'blob' }), attachment.fileName);
    },
  });
}
