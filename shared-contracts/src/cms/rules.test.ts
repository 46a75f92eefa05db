import { cmsBlockViolations, isCmsKey, MAX_CMS_BODY, MAX_CMS_KEY, MAX_CMS_TITLE } from './index';

const block = { titleEn: 'Terms of use', titleLv: 'Lietošanas noteikumi', bodyEn: 'Text.', bodyLv: 'Teksts.' };

describe('CMS block rules', () => {
  it('needs every text in both languages, within its length', () => {
    expect(cmsBlockViolations(block)).toEqual([]);
    expect(cmsBlockViolations({}).map((v) => v.propertyPath)).toEqual(['titleEn', 'titleLv', 'bodyEn', 'bodyLv']);
    expect(
      cmsBlockViolations({ ...block, titleLv: 'x'.repeat(MAX_CMS_TITLE + 1), bodyEn: 'x'.repeat(MAX_CMS_BODY + 1) }),
    ).toEqual([
      expect.objectContaining({ propertyPath: 'titleLv', code: 'cms.title_too_long' }),
      expect.objectContaining({ propertyPath: 'bodyEn', code: 'cms.body_too_long' }),
    ]);
  });

  it('takes keys shaped like page paths', () => {
    for (const key of ['terms', 'privacy-policy', 'faq-2027']) expect(isCmsKey(key)).toBe(true);
    for (const key of ['Terms', 'a--b', '-a', 'a-', 'a b', 'a/b', '', 'x'.repeat(MAX_CMS_KEY + 1)]) {
      expect(isCmsKey(key)).toBe(false);
    }
  });
});

describe('CMS markup rule', () => {
  it('refuses raw HTML and script links beside the field, and keeps Markdown and autolinks', () => {
    const fields = (input: typeof block) => cmsBlockViolations(input).map((v) => [v.propertyPath, v.code]);
    expect(fields({ ...block, bodyLv: 'Teksts <script>alert(1)</script>' })).toEqual([['bodyLv', 'cms.markup']]);
    expect(fields({ ...block, bodyEn: '<img src=x onerror=alert(1)>' })).toEqual([['bodyEn', 'cms.markup']]);
    expect(fields({ ...block, titleEn: 'Terms</title>' })).toEqual([['titleEn', 'cms.markup']]);
    expect(fields({ ...block, bodyEn: 'Hidden <!-- note -->' })).toEqual([['bodyEn', 'cms.markup']]);
    expect(fields({ ...block, bodyEn: '[Click](javascript:alert(1))' })).toEqual([['bodyEn', 'cms.script_link']]);
    expect(fields({ ...block, bodyEn: '[Click]( data:text/html,x)' })).toEqual([['bodyEn', 'cms.script_link']]);
    for (const fine of ['Weight < 2 kg and > 1 kg', 'See <https://pasts.lv>', 'Write <info@pasts.lv>', 'a<b']) {
      expect(fields({ ...block, bodyEn: fine })).toEqual([]);
    }
  });
});
