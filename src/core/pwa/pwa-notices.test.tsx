// @vitest-environment jsdom
import '../testing/dom-polyfills';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PwaNotices } from './pwa-notices';
import { registerServiceWorker } from './register';
import { createUpdateController, type WorkboxLike } from './update-controller';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A Workbox that fires its events when the test says so. */
class FakeWorkbox implements WorkboxLike {
  private handlers: Record<string, (() => void)[]> = {};
  skipWaitingCalls = 0;
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void {
    (this.handlers[type] ??= []).push(listener);
  }
  messageSkipWaiting(): void {
    this.skipWaitingCalls += 1;
  }
  fire(type: 'waiting' | 'controlling'): void {
    act(() => this.handlers[type]?.forEach((h) => h()));
  }
}

function setup() {
  const reload = vi.fn();
  const controller = createUpdateController(reload);
  const wb = new FakeWorkbox();
  controller.attach(wb);
  render(<PwaNotices updates={controller} />);
  return { reload, wb };
}

const reloadButton = () => screen.getByRole('button', { name: /重新加载/ });

describe('the update notice', () => {
  it('shows nothing until a new version is waiting, then 新版本已就绪 with 重新加载', () => {
    const { wb } = setup();
    expect(screen.queryByText('新版本已就绪')).toBeNull();
    wb.fire('waiting');
    expect(screen.getByText('新版本已就绪')).toBeTruthy();
    expect(reloadButton()).toBeTruthy();
  });

  it('on 重新加载 asks the waiting worker to take over and reloads only once it controls the page', () => {
    const { wb, reload } = setup();
    wb.fire('waiting');
    fireEvent.click(reloadButton());
    expect(wb.skipWaitingCalls).toBe(1);
    expect(reload).not.toHaveBeenCalled();
    wb.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads exactly once, however often the click or the takeover repeats', () => {
    const { wb, reload } = setup();
    wb.fire('waiting');
    fireEvent.click(reloadButton());
    fireEvent.click(reloadButton());
    wb.fire('controlling');
    wb.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload the page by itself when another tab lets the new version take over', () => {
    const { wb, reload } = setup();
    wb.fire('waiting');
    wb.fire('controlling');
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(reloadButton());
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('the offline notice', () => {
  it('shows 网络已断开 while the browser is offline and hides it when the network is back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<PwaNotices />);
    expect(screen.queryByText('网络已断开')).toBeNull();
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText('网络已断开')).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText('网络已断开')).toBeNull();
  });
});

describe('service worker registration', () => {
  it('registers nothing outside production builds', async () => {
    expect(await registerServiceWorker(createUpdateController(vi.fn()), false)).toBe(false);
  });
});
