// @vitest-environment jsdom
import '../testing/dom-polyfills';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkErrorBoundary, ChunkLoadError, isChunkLoadError, withChunkTimeout } from './chunk-error-boundary';

afterEach(cleanup);

function Boom({ error }: { error: Error }): never {
  throw error;
}

describe('chunk error boundary', () => {
  it("shows '页面资源加载失败' with a reload button when a lazy chunk fails", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    render(
      <ChunkErrorBoundary onReload={reload}>
        <Boom error={new TypeError('Failed to fetch dynamically imported module: /resource/js/page-abc.js')} />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByText('页面资源加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows a generic message, not a blank page, for other render errors', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ChunkErrorBoundary>
        <Boom error={new Error('x is undefined')} />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByText('页面出错了')).toBeTruthy();
  });

  it('recovers when the reset key changes (the user navigates away)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <ChunkErrorBoundary resetKey="/web/a">
        <Boom error={new Error('Loading chunk 1 failed.')} />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByText('页面资源加载失败')).toBeTruthy();
    rerender(
      <ChunkErrorBoundary resetKey="/web/b">
        <p>next page</p>
      </ChunkErrorBoundary>,
    );
    expect(screen.getByText('next page')).toBeTruthy();
  });

  it('recognises chunk failures by type and message', () => {
    expect(isChunkLoadError(new ChunkLoadError('missing'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('gives up on a chunk that does not arrive within the timeout', async () => {
    vi.useFakeTimers();
    const load = withChunkTimeout(() => new Promise<never>(() => undefined), 120000);
    const result = load().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119999);
    await vi.advanceTimersByTimeAsync(1);
    const err = await result;
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as ChunkLoadError).type).toBe('timeout');
    vi.useRealTimers();
  });

  it('passes a chunk that arrives in time', async () => {
    const mod = { default: () => null };
    await expect(withChunkTimeout(async () => mod)()).resolves.toBe(mod);
  });
});
