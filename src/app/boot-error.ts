import { CHUNK_ERROR_TITLE } from '@/core/ui/chunk-error-boundary';

/**
 * The shell's own chunk did not arrive (network gone, a deploy removed it): React is not running
 * yet, so say so in plain DOM with a reload button rather than leave a blank page.
 */
export function showBootError(root: HTMLElement, error: unknown): void {
  console.error('app shell failed to load', error);
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'display:flex;flex-direction:column;align-items:center;gap:12px;padding:96px 24px;text-align:center;font-size:15px';
  const title = document.createElement('h2');
  title.textContent = CHUNK_ERROR_TITLE;
  const text = document.createElement('p');
  text.textContent = '网络不稳定或系统刚刚更新，请重新加载页面。';
  text.style.color = 'rgba(0,0,0,.55)';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = '重新加载';
  button.style.cssText =
    'min-height:44px;padding:0 20px;border:0;border-radius:8px;background:#1677ff;color:#fff;font-size:15px;cursor:pointer';
  button.onclick = () => window.location.reload();
  box.append(title, text, button);
  root.replaceChildren(box);
}
