import { describe, expect, it } from 'vitest';
import { isSafeImageSrc, isSafeLinkHref, richTextToPlain, sanitizeRichText as clean } from './sanitize';

const FILE = '/resource/api/v1.file/123e4567-e89b-12d3-a456-426614174000';

/** Nothing of these may survive in any output, whatever the input's disguise. */
function expectHarmless(out: string) {
  const lower = out.toLowerCase();
  for (const bad of [
    '<script',
    '</script',
    '<iframe',
    '<object',
    '<embed',
    '<form',
    '<style',
    '<svg',
    '<math',
    '<link',
    '<meta',
    '<base',
    '<input',
    '<button',
    '<body',
    '<frame',
    '<video',
    '<audio',
    '<source',
    '<details',
  ]) {
    expect(lower, `${bad} in ${out}`).not.toContain(bad);
  }
  expect(lower).not.toMatch(/javascript\s*:|vbscript\s*:|livescript\s*:|data\s*:/);
  expect(lower).not.toMatch(/<[^>]*\son[a-z]+\s*=/);
  expect(lower).not.toMatch(/expression\s*\(|url\s*\(|behavior\s*:|-moz-binding/);
  expect(lower).not.toMatch(/\ssrcdoc|\sformaction|\sxlink:href|\sstyle="(?!(color|background-color):)/);
}

// OWASP XSS filter evasion cheat sheet, adapted; each must come out harmless.
const VECTORS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>',
  '<ScRiPt>alert(1)</sCrIpT>',
  '<script/xss src="https://xss.rocks/xss.js"></script>',
  '<<script>alert("XSS");//<</script>',
  '<script src=//xss.rocks/.j>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC= onmouseover="alert(\'xxs\')">',
  '<IMG onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<iframe src=http://xss.rocks/scriptlet.html <',
  "\\\";alert('XSS');//",
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<IMG LOWSRC="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<IMG SRC=\'vbscript:msgbox("XSS")\'>',
  '<IMG SRC="livescript:[code]">',
  "<svg/onload=alert('XSS')>",
  '<svg><script>alert(1)</script></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  "<BODY ONLOAD=alert('XSS')>",
  '<BGSOUND SRC="javascript:alert(\'XSS\');">',
  '<BR SIZE="&{alert(\'XSS\')}">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<LINK REL="stylesheet" HREF="http://xss.rocks/xss.css">',
  "<STYLE>@import'http://xss.rocks/xss.css';</STYLE>",
  '<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">',
  '<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>',
  '<STYLE>@im\\port\'\\ja\\vasc\\ript:alert("XSS")\';</STYLE>',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
  '<span style="color: expression(alert(1))">x</span>',
  '<span style="color: red; background-image: url(javascript:alert(1))">x</span>',
  '<span style="background-color: url(http://evil/x.png)">x</span>',
  '<span style="color:&#101;xpression(alert(1))">x</span>',
  '<span style="color: red;/**/behavior: url(x.htc)">x</span>',
  '<p style="color:red">styled p</p>',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')"><tr><td>x</td></tr></TABLE>',
  '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">x</TD></TABLE>',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">x</button></form>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="java&#09;script:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<a href="javascript&#58;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="\x01javascript:alert(1)">x</a>',
  '<a href="&#0;javascript:alert(1)">x</a>',
  '<a href="x" onclick="alert(1)" onmouseover=alert(2)>x</a>',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<img src="/resource/api/v1.file/../../etc/passwd" onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<p onclick="alert(1)" ONMOUSEOVER="alert(2)" onFocus=alert(3)>text</p>',
  '<h1 onmouseover=alert(1)>t</h1>',
  '<td onclick=alert(1) colspan=2>x</td>',
  '<!--<script>alert(1)</script>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<textarea><script>alert(1)</script></textarea>',
  '<template><script>alert(1)</script></template>',
  '<xmp><script>alert(1)</script></xmp>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<a href="javas<!-- -->cript:alert(1)">x</a>',
  '"><script>alert(1)</script>',
  '<img src="http://ok/a.png" onload="alert(1)" style="width:expression(alert(1))">',
];

describe('sanitizeRichText against XSS filter evasion', () => {
  it.each(VECTORS.map((v, i) => [i, v]))('vector %i comes out harmless', (_i, v) => {
    expectHarmless(clean(v as string));
  });

  it('drops script, style, iframe, object, embed with what they contain', () => {
    expect(
      clean(
        '<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><object data="x"></object><embed src="x"><p>b</p>',
      ),
    ).toBe('<p>a</p><p>b</p>');
  });

  it('drops a form tag but keeps its text', () => {
    expect(clean('<form action="https://x"><p>填写</p><input name="q"></form>')).toBe('<p>填写</p>');
  });

  it('removes every on* attribute and keeps the element', () => {
    expect(clean('<p onclick="alert(1)" onmouseover=x>文字</p>')).toBe('<p>文字</p>');
    expect(clean('<img src="https://a.example/x.png" onerror="alert(1)">')).toBe(
      '<img src="https://a.example/x.png" />',
    );
  });

  it('removes links with javascript, data or vbscript URLs however they are spelled, keeping the text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' java\tscript:alert(1)',
      '&#106;avascript:alert(1)',
      'javascript&#x3A;alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '\u0001javascript:x',
    ]) {
      expect(clean(`<a href="${href}">链接</a>`)).toBe('<a>链接</a>');
    }
  });

  it('removes images whose source is not http(s) or one of our files', () => {
    for (const src of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
      'x.png',
      '/etc/passwd',
      '/resource/api/v1.file/../../x',
      'vbscript:x',
      'ftp://x/y.png',
    ]) {
      expect(clean(`<p>a<img src="${src}">b</p>`)).toBe('<p>ab</p>');
    }
  });
});

describe('sanitizeRichText keeps what the editor writes', () => {
  it('keeps headings h1–h4 and drops h5/h6 tags (not their text)', () => {
    expect(clean('<h1>一</h1><h2>二</h2><h3>三</h3><h4>四</h4><h5>五</h5><h6>六</h6>')).toBe(
      '<h1>一</h1><h2>二</h2><h3>三</h3><h4>四</h4>五六',
    );
  });

  it('keeps inline marks, lists, quotes, rules and code', () => {
    const html =
      '<p><strong>粗</strong><b>b</b><em>斜</em><i>i</i><u>下</u><s>删</s><br /><code>x</code></p><ul><li>一</li></ul><ol><li>二</li></ol><blockquote><p>引</p></blockquote><hr /><pre><code>let a = 1;</code></pre>';
    expect(clean(html)).toBe(html);
  });

  it('keeps colour and background colour with valid values only', () => {
    expect(clean('<span style="color: #ff0000">红</span>')).toBe('<span style="color:#ff0000">红</span>');
    expect(clean('<span style="color: rgb(255, 0, 0); background-color: #fafafa">x</span>')).toBe(
      '<span style="color:rgb(255, 0, 0);background-color:#fafafa">x</span>',
    );
    expect(clean('<span style="color: red">x</span>')).toBe('<span style="color:red">x</span>');
    expect(clean('<span style="color: expression(alert(1)); font-size: 40px">x</span>')).toBe('<span>x</span>');
    expect(clean('<span style="background-color: url(https://evil/x.png)">x</span>')).toBe('<span>x</span>');
    expect(clean('<span style="color: #ff00001">x</span>')).toBe('<span>x</span>');
    expect(clean('<span style="position: fixed; top: 0">x</span>')).toBe('<span>x</span>');
  });

  it('drops style and class on every other element', () => {
    expect(clean('<p style="color:red" class="x" id="y">p</p>')).toBe('<p>p</p>');
  });

  it('opens allowed links in a new tab without an opener', () => {
    expect(clean('<a href="https://www.example.edu.cn/a?b=1&amp;c=2">站</a>')).toBe(
      '<a href="https://www.example.edu.cn/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">站</a>',
    );
    expect(clean('<a href="mailto:office@example.edu.cn" target="_self" rel="opener">信</a>')).toBe(
      '<a href="mailto:office@example.edu.cn" rel="noopener noreferrer" target="_blank">信</a>',
    );
    expect(clean('<a href="/web/help/index">帮助</a>')).toBe(
      '<a href="/web/help/index" rel="noopener noreferrer" target="_blank">帮助</a>',
    );
  });

  it('refuses protocol-relative and other relative links', () => {
    for (const href of [
      '//evil.example/',
      '/\\evil.example/',
      '/\t/evil.example',
      'help/index',
      '#top',
      '?x=1',
      'ftp://x/',
    ]) {
      expect(clean(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
  });

  it('keeps images from http(s) and from our own files with alt and numeric sizes', () => {
    expect(clean(`<img src="${FILE}" alt="图" width="320" height="200">`)).toBe(
      `<img src="${FILE}" alt="图" width="320" height="200" />`,
    );
    expect(clean('<img src="https://cdn.example/x.png" width="100%" height="javascript:x" title="t">')).toBe(
      '<img src="https://cdn.example/x.png" />',
    );
  });

  it('keeps tables with numeric colspan and rowspan only', () => {
    expect(
      clean(
        '<table style="min-width:50px"><colgroup><col></colgroup><thead><tr><th colspan="2">头</th></tr></thead><tbody><tr><td rowspan="2" colspan="x" width="9">格</td></tr></tbody></table>',
      ),
    ).toBe(
      '<table><thead><tr><th colspan="2">头</th></tr></thead><tbody><tr><td rowspan="2">格</td></tr></tbody></table>',
    );
  });

  it('escapes text that looks like markup', () => {
    expect(clean('<p>a &lt;script&gt; b</p>')).toBe('<p>a &lt;script&gt; b</p>');
    expect(clean('1 < 2 & 3')).toBe('1 &lt; 2 &amp; 3');
  });

  it('answers the plain text of HTML', () => {
    expect(richTextToPlain('<p>你好&nbsp;<b>世界</b></p><script>x</script><p>a &amp; b</p>')).toBe('你好 世界a & b');
  });
});

describe('URL checks', () => {
  it('accept http(s), mailto and root-relative links only', () => {
    expect(isSafeLinkHref(' https://x.example ')).toBe('https://x.example');
    expect(isSafeLinkHref('/a')).toBe('/a');
    expect(isSafeLinkHref('//a')).toBeNull();
    expect(isSafeLinkHref('javascript:x')).toBeNull();
    expect(isSafeLinkHref('http:/\\x')).toBeNull();
  });

  it('accept http(s) images and our files only', () => {
    expect(isSafeImageSrc(FILE)).toBe(FILE);
    expect(isSafeImageSrc(`${FILE}x`)).toBeNull();
    expect(isSafeImageSrc('https://a.example/i.png')).toBe('https://a.example/i.png');
    expect(isSafeImageSrc('https://a.example/i.png" onerror="x')).toBeNull();
  });
});
