import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Linkified } from '../linkify.tsx';

const html = (text: string) => renderToStaticMarkup(createElement(Linkified, { text }));

describe('text with its links', () => {
  it('makes http and https addresses links that open apart, the sentence’s full stop left out', () => {
    expect(html('See https://example.com/a?b=1. Thanks')).toBe('See <a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow ugc">https://example.com/a?b=1</a>. Thanks');
  });

  it('never makes HTML of the text, nor links of other schemes', () => {
    expect(html('<img src=x onerror=alert(1)> javascript:alert(1) data:text/html,x')).toBe('&lt;img src=x onerror=alert(1)&gt; javascript:alert(1) data:text/html,x');
    expect(html('http://"onmouseover=alert(1)')).not.toContain('onmouseover=alert(1)"');
  });
});
