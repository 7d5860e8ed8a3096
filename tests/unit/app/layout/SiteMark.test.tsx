// @vitest-environment happy-dom
// The site's mark drawn in the page (issue 14: an SVG file through <img> costs an isolated
// document on the main thread) is the tab's icon, public/favicon.svg, shape for shape.
import fs from 'node:fs';
import path from 'node:path';
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { SiteMark } from '../../../../src/app/layout/SiteMark';

/** Each drawing element with its attributes, in order, without the root's own. */
function shapes(root: Element): string[] {
  return Array.from(root.querySelectorAll('*')).map((element) => `${element.localName} ${Array.from(element.attributes).map((a) => `${a.name}=${a.value}`).sort().join(' ')}`);
}

describe('SiteMark', () => {
  it('draws the shapes of public/favicon.svg at 28 px, hidden from assistive technology', () => {
    const file = fs.readFileSync(path.resolve(__dirname, '../../../../public/favicon.svg'), 'utf8');
    const favicon = new DOMParser().parseFromString(file, 'image/svg+xml').documentElement;
    const host = document.createElement('div');
    act(() => createRoot(host).render(<SiteMark className="mark" />));
    const mark = host.querySelector('svg')!;
    expect(mark.getAttribute('viewBox')).toBe(favicon.getAttribute('viewBox'));
    expect(shapes(mark)).toEqual(shapes(favicon));
    expect(mark.getAttribute('aria-hidden')).toBe('true');
    expect(mark.getAttribute('width')).toBe('28');
    expect(mark.getAttribute('class')).toBe('mark');
  });
});
