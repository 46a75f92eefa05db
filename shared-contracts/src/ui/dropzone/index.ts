/**
 * `@portal/shared-contracts/ui/dropzone`: the portal's one drop zone for uploads (issue 40 item 7),
 * on react-dropzone and drawn with Mantine. Its own entry: no first screen has an upload, so its
 * code (~11 KB gzip with react-dropzone) loads with the first screen that shows one. Same single
 * Mantine instance as `./ui`; the styles of what it draws (Paper, Button, Text, Group, Stack) come
 * with `./ui`.
 */
export { type DropzoneAccept, FileDropzone, type FileDropzoneProps, XLSX_ACCEPT } from './FileDropzone';
export { DROPZONE_TEXTS, type RefusalReason } from './texts';
