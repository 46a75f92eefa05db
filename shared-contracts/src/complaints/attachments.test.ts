import {
  ATTACHMENT_ACCEPT,
  COMPLAINT_ATTACHMENT_EXTENSIONS,
  complaintAnswerViolations,
  complaintFileViolations,
  contentMatchesName,
  MAX_ATTACHMENT_BYTES,
  MAX_COMPLAINT_ANSWER,
  MAX_COMPLAINT_ATTACHMENTS,
} from './index';

const codes = (files: Parameters<typeof complaintFileViolations>[0]) =>
  complaintFileViolations(files).map((v) => `${v.propertyPath} ${v.code}`);

describe('complaint files (SPEC §5 Uploads)', () => {
  it('accepts the listed types up to 30 MB, names each refused file by its field and place', () => {
    expect(codes([{ field: 'attachments', name: 'Photo.JPEG', size: MAX_ATTACHMENT_BYTES }])).toEqual([]);
    expect(
      codes([
        { field: 'attachments', name: 'ok.pdf', size: 10 },
        { field: 'attachments', name: 'film.mp4', size: 10 },
        { field: 'proofOfValue', name: 'receipt.pdf', size: MAX_ATTACHMENT_BYTES + 1 },
        { field: 'attachments', name: 'empty.png', size: 0 },
        { field: 'attachments', name: 'no-extension', size: 10 },
      ]),
    ).toEqual([
      'attachments[1] complaint.attachment_type',
      'proofOfValue[0] complaint.attachment_size',
      'attachments[2] complaint.attachment_empty',
      'attachments[3] complaint.attachment_type',
    ]);
  });

  it('counts both fields together against the limit', () => {
    const files = Array.from({ length: MAX_COMPLAINT_ATTACHMENTS }, (_, index) => ({
      field: 'attachments' as const,
      name: `${index}.pdf`,
      size: 1,
    }));
    expect(codes(files)).toEqual([]);
    expect(codes([...files, { field: 'proofOfValue', name: 'r.pdf', size: 1 }])).toEqual([
      'attachments complaint.attachment_count',
    ]);
  });

  it('matches detected content to the name: jpg and jpeg alike, Word 97 by its compound file, never a stranger', () => {
    expect(contentMatchesName('a.jpg', 'image/jpeg')).toBe(true);
    expect(contentMatchesName('a.JPEG', 'image/jpeg')).toBe(true);
    expect(contentMatchesName('a.doc', 'application/msword')).toBe(true);
    expect(contentMatchesName('a.doc', 'application/x-msi')).toBe(false);
    expect(contentMatchesName('a.heic', 'image/heif')).toBe(true);
    expect(contentMatchesName('a.edoc', 'application/vnd.etsi.asic-e+zip')).toBe(true);
    expect(contentMatchesName('a.edoc', 'application/zip')).toBe(false);
    expect(contentMatchesName('a.pdf', 'application/x-msdownload')).toBe(false);
    expect(contentMatchesName('a.pdf', 'image/png')).toBe(false);
    expect(contentMatchesName('a.pdf', null)).toBe(false);
    expect(contentMatchesName('a.exe', 'application/x-msdownload')).toBe(false);
  });

  it('offers every listed extension in the file dialog', () => {
    expect(ATTACHMENT_ACCEPT.split(',')).toEqual(COMPLAINT_ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`));
  });
});

describe('the answer to a complaint', () => {
  it('is required and at most MAX_COMPLAINT_ANSWER characters', () => {
    expect(complaintAnswerViolations('We are sorry.')).toEqual([]);
    expect(complaintAnswerViolations('  ')).toEqual([expect.objectContaining({ code: 'complaint.blank' })]);
    expect(complaintAnswerViolations(null)).toEqual([expect.objectContaining({ propertyPath: 'answer' })]);
    expect(complaintAnswerViolations('x'.repeat(MAX_COMPLAINT_ANSWER))).toEqual([]);
    expect(complaintAnswerViolations('x'.repeat(MAX_COMPLAINT_ANSWER + 1))).toEqual([
      expect.objectContaining({ code: 'complaint.answer_too_long' }),
    ]);
  });
});
