// @vitest-environment jsdom
import './dom-polyfills';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Button, Tabs } from 'antd';
import { AppProviders } from '@/core/ui/app-providers';

afterEach(cleanup);

const antdSheets = () =>
  [...document.querySelectorAll<HTMLStyleElement>('style[data-css-hash], style[data-rc-order]')].filter((s) => s.sheet);

describe('antd style sheets in component tests (lean-antd-styles, loaded by the vitest config)', () => {
  it('still hide what antd hides: an inactive tab pane is not found by role', () => {
    render(
      <AppProviders>
        <Tabs
          items={[
            { key: 'a', label: '甲', children: <Button>第一页的按钮</Button> },
            { key: 'b', label: '乙', children: <Button>第二页的按钮</Button>, forceRender: true },
          ]}
        />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: '第一页的按钮' })).toBeTruthy();
    // rendered (forceRender) but hidden by antd's `.ant-tabs-tabpane-hidden { display: none }`
    expect(screen.getByText('第二页的按钮')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '第二页的按钮' })).toBeNull();
  });

  it('keep only display and visibility declarations, and leave other style elements whole', () => {
    const own = document.createElement('style');
    own.textContent = '.mine { color: red; display: block }';
    document.head.appendChild(own);
    render(
      <AppProviders>
        <Button type="primary">保存</Button>
      </AppProviders>,
    );
    const sheets = antdSheets();
    expect(sheets.length).toBeGreaterThan(0);
    const declared = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if ('style' in rule) for (const p of (rule as CSSStyleRule).style) declared.add(p);
        else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const s of sheets) walk(s.sheet!.cssRules);
    expect([...declared].sort()).toEqual(['display', 'visibility'].filter((p) => declared.has(p)));
    expect(declared.has('display')).toBe(true);
    // the text antd compares before rewriting a sheet is untouched
    expect(sheets.some((s) => s.innerHTML.includes('color'))).toBe(true);
    expect((own.sheet!.cssRules[0] as CSSStyleRule).style.color).toBe('red');
    own.remove();
  });
});
