import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';

/** What a signature dialog calls on the canvas. */
export interface SignatureCanvasHandle {
  clear(): void;
  isEmpty(): boolean;
  /** The drawing as a PNG with a white background (so it prints and shows on dark themes). */
  toPng(): Promise<Blob>;
}

interface Props {
  ref?: Ref<SignatureCanvasHandle>;
  /** CSS height in px; the width follows the container. */
  height?: number;
  className?: string;
  /** Called when the pad goes from empty to inked and back. */
  onInkChange?: (hasInk: boolean) => void;
}

const INK = '#1f1f1f';
const LINE_WIDTH = 2.5;

/**
 * The handwritten signature pad, kit-free so the antd and antd-mobile renderers both use it:
 * pointer events (mouse, pen, finger), sharp on high-density screens, touch scrolling off
 * while drawing.
 */
export function SignatureCanvas({ ref, height = 200, className, onInkChange }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const inked = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const onInk = useRef(onInkChange);
  useEffect(() => {
    onInk.current = onInkChange;
  });

  // Size the bitmap to the element and the pixel ratio; a resize clears (like a new sheet).
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const fit = () => {
      const ratio = window.devicePixelRatio || 1;
      const w = el.clientWidth || 300;
      el.width = Math.round(w * ratio);
      el.height = Math.round(height * ratio);
      const ctx = el.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.lineWidth = LINE_WIDTH;
      ctx.strokeStyle = INK;
      if (inked.current) {
        inked.current = false;
        onInk.current?.(false);
      }
    };
    fit();
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(fit) : null;
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [height]);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    last.current = point(e);
    // A dot for a tap.
    const ctx = e.currentTarget.getContext('2d');
    if (ctx) {
      ctx.beginPath();
      ctx.arc(last.current.x, last.current.y, LINE_WIDTH / 2, 0, Math.PI * 2);
      ctx.fillStyle = INK;
      ctx.fill();
    }
    if (!inked.current) {
      inked.current = true;
      onInk.current?.(true);
    }
  };

  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const p = point(e);
    const ctx = e.currentTarget.getContext('2d');
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(last.current.x, last.current.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    last.current = p;
  };

  const up = () => {
    last.current = null;
  };

  useImperativeHandle(
    ref,
    () => ({
      clear() {
        const el = canvas.current;
        el?.getContext('2d')?.clearRect(0, 0, el.width, el.height);
        if (inked.current) {
          inked.current = false;
          onInk.current?.(false);
        }
      },
      isEmpty: () => !inked.current,
      toPng() {
        const el = canvas.current;
        if (!el) return Promise.reject(new Error('签名板不可用'));
        // Flatten onto white: a transparent PNG shows black-on-black in dark viewers.
        const out = document.createElement('canvas');
        out.width = el.width;
        out.height = el.height;
        const ctx = out.getContext('2d');
        if (!ctx) return Promise.reject(new Error('签名板不可用'));
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, out.width, out.height);
        ctx.drawImage(el, 0, 0);
        return new Promise((resolve, reject) =>
          out.toBlob((b) => (b ? resolve(b) : reject(new Error('签名导出失败'))), 'image/png'),
        );
      },
    }),
    [],
  );

  return (
    <canvas
      ref={canvas}
      className={className}
      style={{ width: '100%', height, touchAction: 'none', display: 'block', cursor: 'crosshair' }}
      aria-label="签名区域：按住并拖动书写签名"
      role="img"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onPointerLeave={up}
    />
  );
}

/** The PNG as a File the upload call takes. */
export const signatureFile = (png: Blob) => new File([png], `signature-${Date.now()}.png`, { type: 'image/png' });
