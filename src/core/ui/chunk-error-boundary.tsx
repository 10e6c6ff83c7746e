import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@/shared/constants';
import s from './plain.module.css';

export const CHUNK_ERROR_TITLE = '页面资源加载失败';

/** A lazy chunk that did not arrive: missing, timed out or failed (spec section 8). */
export class ChunkLoadError extends Error {
  constructor(
    public readonly type: 'missing' | 'timeout' | 'error',
    detail = '',
  ) {
    super(`chunk load ${type}${detail ? `: ${detail}` : ''}`);
    this.name = 'ChunkLoadError';
  }
}

const CHUNK_MESSAGES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Loading (CSS )?chunk .* failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_MESSAGES.some((re) => re.test(error.message));
}

/** A route's lazy loader that gives up after the chunk timeout (120 s) instead of hanging. */
export function withChunkTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
      load().then(
        (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(isChunkLoadError(e) ? e : new ChunkLoadError('error', String((e as Error)?.message ?? e)));
        },
      );
    });
}

/**
 * What a failed page shows instead of a blank screen (also usable as a route errorElement).
 * Kit-free, so the phone shell shows it without antd.
 */
export function ChunkErrorView({ error, onReload }: { error: unknown; onReload?: () => void }) {
  const chunk = isChunkLoadError(error);
  return (
    <div className={s.result} role="alert">
      <div className={s.resultIcon} data-status={chunk ? 'warning' : 'error'} aria-hidden>
        !
      </div>
      <h2 className={s.resultTitle}>{chunk ? CHUNK_ERROR_TITLE : '页面出错了'}</h2>
      <p className={s.resultText}>
        {chunk ? '网络不稳定或系统刚刚更新，请重新加载页面。' : '请重新加载页面；如果仍然出错，请联系管理员。'}
      </p>
      <button type="button" className={s.button} onClick={onReload ?? (() => window.location.reload())}>
        重新加载
      </button>
    </div>
  );
}

interface State {
  error: unknown;
}

interface BoundaryProps {
  children?: ReactNode;
  onReload?: () => void;
  /** A new key (e.g. the location path) clears a caught error: navigating away recovers. */
  resetKey?: unknown;
}

export class ChunkErrorBoundary extends Component<BoundaryProps, State> {
  state: State = { error: null };

  componentDidUpdate(prev: BoundaryProps): void {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('page failed to render', error, info.componentStack);
  }

  render() {
    if (this.state.error) return <ChunkErrorView error={this.state.error} onReload={this.props.onReload} />;
    return this.props.children;
  }
}
