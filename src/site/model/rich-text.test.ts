import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

/** Each hostile input and what must come out: nothing that runs, formatting kept where it is harmless. */
const HOSTILE: [string, string][] = [
  ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
  ['<SCRIPT>alert(1)</SCRIPT><P>Up</P>', '<p>Up</p>'],
  ['<img src=x onerror=alert(1)>', '<img src="x">'],
  ['<img src="/a.png" onload="alert(1)" alt="a">', '<img src="/a.png" alt="a">'],
  ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href=" JavaScript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="javascript&colon;alert(1)">x</a>', '<a>x</a>'],
  ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
  ['<a href="vbscript:msgbox">x</a>', '<a>x</a>'],
  ['<img src="data:image/svg+xml,<svg onload=alert(1)>">', '<img>'],
  ['<iframe src="https://evil.example"></iframe><p>after</p>', '<p>after</p>'],
  ['<p style="background:url(javascript:alert(1))" class="x" onclick="alert(1)">s</p>', '<p>s</p>'],
  ['<style>body{display:none}</style><p>fine</p>', '<p>fine</p>'],
  ['<svg><script>alert(1)</script><p>inside</p></svg>tail', 'tail'],
  ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
  ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>', ''],
  ['<scr<script>ipt>alert(1)</script>', '&lt;scr'],
  ['<img src="/a.png" alt=\'x" onerror="alert(1)\'>', '<img src="/a.png" alt="x&quot; onerror=&quot;alert(1)">'],
  [
    '<a href="https://x.example" title="a\' onmouseover=alert(1)">t</a>',
    '<a href="https://x.example" title="a\' onmouseover=alert(1)">t</a>',
  ],
  ['<form action="/x"><input name="q"><button>go</button></form>', 'go'],
  [
    '<object data="x"></object><embed src="x"><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">',
    '',
  ],
  ['<!-- <script>alert(1)</script> --><p>c</p>', '<p>c</p>'],
  ['<div><p>pasted</p></div>', '<p>pasted</p>'],
];

describe('sanitizeRichText', () => {
  it.each(HOSTILE)('removes what could run: %s', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });

  it('keeps the allowed formatting as written', () => {
    const rich = [
      '<h2>Care</h2><h3>Washing</h3><h4>Drying</h4>',
      '<p>Soft <strong>linen</strong>, <b>bold</b>, <em>light</em>, <i>airy</i>, <u>under</u>, <s>was $80</s>, <span>plain</span><br>line two</p>',
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>Quote</blockquote><pre><code>x &lt; y</code></pre><hr>',
      '<figure><img src="https://cdn.example/a.jpg" alt="A shirt" width="600" height="400"><figcaption>Ink</figcaption></figure>',
      '<p><a href="/shop">shop</a> <a href="https://example.com/?a=1&amp;b=2">site</a> <a href="mailto:hi@example.com">mail</a> <a href="tel:+15551234">call</a> <a href="#care">care</a> <a href="../blog" title="Journal">up</a></p>',
    ].join('');
    expect(sanitizeRichText(rich)).toBe(rich);
  });

  it('forces rel on links that open a new window and drops other targets', () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('keeps images to http(s) or relative sources and numeric sizes', () => {
    expect(sanitizeRichText('<img src="http://a.example/i.png" width="10px" height="-1">')).toBe(
      '<img src="http://a.example/i.png">',
    );
    expect(sanitizeRichText('<img src="mailto:a@b.example">')).toBe('<img>');
  });

  it('leaves text that only looks like markup visible, escaped', () => {
    expect(sanitizeRichText('<p>a < b > c &amp; d</p>')).toBe('<p>a &lt; b &gt; c &amp; d</p>');
  });

  it('closes what it keeps, so formatting cannot spill over the page', () => {
    expect(sanitizeRichText('<p>a <b>bold <i>it</p> after')).toBe('<p>a <b>bold <i>it</i></b></p> after');
    expect(sanitizeRichText('</p></b>x<blockquote>open')).toBe('x<blockquote>open</blockquote>');
  });

  it('changes nothing in its own output', () => {
    for (const [input] of HOSTILE) {
      const once = sanitizeRichText(input);
      expect(sanitizeRichText(once), input).toBe(once);
    }
  });

  it('is idempotent on generated markup: broken and nested tags, quotes that run over tags, entities, unicode, a lone <, ampersands', () => {
    // Each found to need a second pass: a quoted value over other tags, the same attribute twice, an entity for '<'.
    const found = [
      '<a href="</li><b><a target="_blank" href="/x"><style>',
      '</a><a href="&#60;<a href="javascript:',
      '</<img src=&#60; ',
      '<a href="é<?<img src=<a href="--><p/>',
    ];
    for (const input of [...found, ...generatedMarkup(20_000)]) {
      const once = sanitizeRichText(input);
      expect(sanitizeRichText(once), JSON.stringify(input)).toBe(once);
    }
  });

  it('leaves text without < or > as it is (what it keeps of markup that never settles)', () => {
    for (const input of generatedMarkup(2_000)) {
      const text = input.replace(/</g, '&lt;').replace(/>/g, '&gt;');
      expect(sanitizeRichText(text), JSON.stringify(text)).toBe(text);
    }
  });
});

/** Pieces of markup, whole and broken, that generated inputs are strung from. */
const PIECES = [
  '<',
  '>',
  '&',
  '&amp;',
  '&lt;',
  '&gt;',
  '&#60;',
  '&#x3c;',
  '&#',
  '&colon;',
  '&quot;',
  '"',
  "'",
  '/',
  '=',
  ' ',
  '\n',
  '\u0000',
  'a',
  'é',
  '😀',
  '\u202e',
  'href',
  'javascript:',
  'target=_blank',
  '<p>',
  '</p>',
  '<p/>',
  '<b>',
  '</b>',
  '<b/>',
  '<i>',
  '</i>',
  '<a href="',
  '<a href=x>',
  '<a target="_blank" href="/x">',
  '</a>',
  '<img src=',
  '<img/>',
  '<br>',
  '<br/>',
  '</br>',
  '<hr/>',
  '<li>',
  '</li>',
  '<ul>',
  '<span class=a>',
  '<p title="',
  '<div>',
  '</div>',
  '<x',
  '</',
  '<script>',
  '</script>',
  '<style>',
  '<svg>',
  '</svg>',
  '<textarea>',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
  '<?',
  '<!',
];

/** `count` strings of 1 to 12 pieces, from a fixed seed so a failure names the same input on every run. */
function generatedMarkup(count: number): string[] {
  let seed = 29;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  return Array.from({ length: count }, () => {
    let text = '';
    for (let n = 1 + Math.floor(random() * 12); n > 0; n--) text += PIECES[Math.floor(random() * PIECES.length)];
    return text;
  });
}
