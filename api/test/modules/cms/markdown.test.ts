import { renderMarkdown } from '../../../src/modules/cms/markdown';

describe('renderMarkdown', () => {
  it('renders and sanitises a source, and gives the same HTML when it is asked again (kept by source)', () => {
    const source = '# Hours\n\n**Open** <script>alert(1)</script> [map](https://example.com)';
    const html = renderMarkdown(source);
    expect(html).toBe(
      '<h2>Hours</h2>\n<p><strong>Open</strong>  <a href="https://example.com" rel="noopener noreferrer">map</a></p>',
    );
    expect(renderMarkdown(source)).toBe(html);
    expect(renderMarkdown(`${source}!`)).not.toBe(html);
  });
});
