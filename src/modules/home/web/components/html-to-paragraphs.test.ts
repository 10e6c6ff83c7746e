import { describe, expect, it } from 'vitest';
import { htmlToParagraphs } from './html-to-paragraphs';

describe('htmlToParagraphs', () => {
  it('turns block ends into paragraphs and drops every tag', () => {
    expect(htmlToParagraphs('<p>第一段<b>加粗</b></p><p>第二段<br>换行</p>')).toEqual(['第一段加粗', '第二段', '换行']);
  });

  it('drops scripts and styles with their content, so no markup or code reaches the page', () => {
    expect(htmlToParagraphs('<p>正文</p><script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>')).toEqual(['正文']);
  });

  it('decodes entities after stripping, so encoded tags stay text', () => {
    expect(htmlToParagraphs('<p>a &lt;b&gt; &amp; &#20013;&#x6587;&nbsp;!</p>')).toEqual(['a <b> & 中文 !']);
  });
});
