import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

describe('product description sanitiser', () => {
  it('keeps the allowed formatting untouched', () => {
    const html =
      '<h2>Un día en el Teide</h2><p>Subida en <strong>teleférico</strong>, <em>opcional</em>, <u>con</u> <s>sin</s> guía.<br />Fin.</p>' +
      '<ul><li>Agua</li></ul><ol><li>Uno</li></ol><h3>Notas</h3><blockquote>Cita</blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('links keep http/https/mailto hrefs and always get target="_blank" rel="noopener noreferrer"', () => {
    expect(sanitizeRichText('<a href="https://www.volcanoteide.com" title="x" rel="opener">Teide</a>')).toBe(
      '<a href="https://www.volcanoteide.com" target="_blank" rel="noopener noreferrer">Teide</a>',
    );
    expect(sanitizeRichText('<a href="mailto:info@example.com">escríbenos</a>')).toBe(
      '<a href="mailto:info@example.com" target="_blank" rel="noopener noreferrer">escríbenos</a>',
    );
  });

  it('XSS: scripts, styles and frames are removed with their content', () => {
    const out = sanitizeRichText(
      '<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://evil"></iframe><svg onload=alert(1)><script>alert(2)</script></svg><noscript>n</noscript>',
    );
    expect(out).toBe('<p>a</p>');
  });

  it('XSS: on* handlers, style attributes and images are stripped', () => {
    expect(sanitizeRichText('<p onclick="alert(1)" style="color:red" class="x" id="y">hola</p>')).toBe('<p>hola</p>');
    expect(sanitizeRichText('<img src=x onerror=alert(1)><p onmouseover=alert(1)>x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<strong/onmouseover=alert(1)>x</strong>')).toBe('<strong>x</strong>');
  });

  it('XSS: javascript:, data: and obfuscated URLs lose the link but keep the text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/relative',
    ]) {
      expect(sanitizeRichText(`<p><a href="${href}">pulsa</a></p>`), href).toBe('<p>pulsa</p>');
    }
  });

  it('a refused link next to a kept one leaves the kept one intact', () => {
    expect(
      sanitizeRichText(
        '<p><a href="javascript:alert(1)">uno</a> <a href="https://a.es">dos</a></p><a href="x">tres</a>',
      ),
    ).toBe('<p>uno <a href="https://a.es" target="_blank" rel="noopener noreferrer">dos</a></p>tres');
    expect(sanitizeRichText('<a>sin enlace</a><a name="x">ancla</a>')).toBe('sin enlaceancla');
    expect(sanitizeRichText('<a href="javascript:x"><a href="https://a.es">in</a>out</a>')).toBe(
      '<a href="https://a.es" target="_blank" rel="noopener noreferrer">in</a>out',
    );
  });

  it('unknown tags are dropped but their text is kept; editor tags are mapped', () => {
    expect(sanitizeRichText('<div><span>Hola</span> <font color=red>mundo</font></div>')).toBe('Hola mundo');
    expect(sanitizeRichText('<b>negrita</b> <i>cursiva</i> <h1>Título</h1>')).toBe(
      '<strong>negrita</strong> <em>cursiva</em> <h2>Título</h2>',
    );
  });

  it('malformed markup and entities come out well-formed and escaped', () => {
    expect(sanitizeRichText('<p>Niños & adultos <strong>sin cerrar')).toBe(
      '<p>Niños &amp; adultos <strong>sin cerrar</strong></p>',
    );
    expect(sanitizeRichText('"><script>alert(1)</script>')).toBe('"&gt;');
    expect(sanitizeRichText('')).toBe('');
  });
});
