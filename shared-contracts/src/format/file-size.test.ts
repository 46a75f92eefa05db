import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('writes kilobytes and megabytes with the locale’s decimal mark', () => {
    expect(formatFileSize(1.2 * 1024 * 1024, 'en')).toBe('1.2 MB');
    expect(formatFileSize(1.2 * 1024 * 1024, 'lv')).toBe('1,2 MB');
    expect(formatFileSize(30 * 1024 * 1024, 'lv')).toBe('30 MB');
    expect(formatFileSize(245 * 1024, 'en')).toBe('245 KB');
  });

  it('never says 0 KB for a small file', () => {
    expect(formatFileSize(12, 'en')).toBe('1 KB');
  });
});
