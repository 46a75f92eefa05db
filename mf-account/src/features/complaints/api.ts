import { parametersOf, saveFile } from '@portal/shared-contracts';
import type { GetComplaintsResponse, MemberOf } from '@portal/shared-contracts/api-types';
import type { ComplaintFileField, ComplaintInput } from '@portal/shared-contracts/complaints';
import { usePlatform } from '@portal/shared-contracts/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** A file of a complaint; `@id` is where its complainant downloads it. */
export type ComplaintAttachment = FiledComplaint['attachments'][number];

/** One complaint as the API answers it (api/src/modules/complaints/service.ts complaintResource). */
export type FiledComplaint = MemberOf<GetComplaintsResponse>;

/** Whether the caller may complain about this order: the API answers 404 for anyone else's. */
export function useComplaintOrder(orderKey: string | undefined) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['complaint-order', orderKey],
    enabled: orderKey !== undefined,
    retry: false,
    queryFn: ({ signal }) =>
      api.GET('/api/complaints/order/{orderKey}', { path: { orderKey: orderKey ?? '' }, signal }),
  });
}

export function useMyComplaints(enabled: boolean) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: ['complaints'],
    enabled,
    queryFn: ({ signal }) => api.GET('/api/complaints', { signal }),
  });
}

export interface ComplaintFiling {
  body: ComplaintInput & { orderKey?: string };
  files: Record<ComplaintFileField, readonly File[]>;
}

/**
 * Files a complaint: as JSON, or with files as multipart/form-data (the same JSON in the
 * `complaint` field, then each file under its field's name), which the browser streams.
 */
export function useFileComplaint() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files }: ComplaintFiling) => {
      const all = Object.entries(files).flatMap(([field, list]) => list.map((file) => [field, file] as const));
      if (all.length === 0) return api.POST('/api/complaints', { body });
      const form = new FormData();
      form.append('complaint', JSON.stringify(body));
      for (const [field, file] of all) form.append(field, file, file.name);
      return api.POST('/api/complaints', { body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['complaints'] }),
  });
}

/** Downloads one of the caller's attachments (the API needs the bearer token, so no plain link). */
export function useDownloadAttachment() {
  const { api } = usePlatform();
  return useMutation({
    mutationFn: async (attachment: ComplaintAttachment) => {
      const template = '/api/complaints/{id}/attachments/{attachmentId}';
      const path = parametersOf(template, attachment['@id']);
      saveFile(await api.GET(template, { path, responseType: 'blob' }), attachment.fileName);
    },
  });
}
