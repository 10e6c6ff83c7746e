import type { ReactNode } from 'react';
import s from './text-button.module.css';

/**
 * The name of a list row as its own button (pressed while chosen), so the row's other buttons
 * (edit, delete) sit beside it instead of inside a clickable row — no nested controls for
 * screen readers and keyboards. Looks like the row's text.
 */
export function TextButton({
  pressed,
  onClick,
  className,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className ? `${s.textButton} ${className}` : s.textButton}
      aria-pressed={pressed}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {children}
    </button>
  );
}
