// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { labelKitControls } from './antd-mobile-a11y';

describe('antd-mobile controls get names', () => {
  it('names an icon-only back arrow and makes a scrolling tab strip focusable, leaving named ones alone', () => {
    document.body.innerHTML = `
      <div class="adm-nav-bar-left" role="button" id="a"><span class="adm-nav-bar-back-arrow"><svg></svg></span></div>
      <div class="adm-nav-bar-left" role="button" id="b"><span>关闭</span></div>
      <div class="adm-capsule-tabs-tab-list" id="c"></div>`;
    labelKitControls(document);
    expect(document.getElementById('a')!.getAttribute('aria-label')).toBe('返回');
    expect(document.getElementById('b')!.hasAttribute('aria-label')).toBe(false);
    expect(document.getElementById('c')!.tabIndex).toBe(0);
  });
});
