import { RightOutline } from 'antd-mobile-icons';
import s from './mobile-form-renderer.module.css';

/** The tappable row that opens a picker: the chosen text or the placeholder, 44 px high. */
export function PickerTrigger({
  id,
  text,
  placeholder,
  disabled,
  onOpen,
  onClear,
}: {
  id: string;
  text: string;
  placeholder: string;
  disabled: boolean;
  onOpen: () => void;
  onClear?: () => void;
}) {
  return (
    <div className={s.triggerRow}>
      <button type="button" id={id} className={s.trigger} disabled={disabled} onClick={onOpen}>
        <span className={text ? s.triggerText : s.placeholder}>{text || placeholder}</span>
        <RightOutline className={s.triggerArrow} />
      </button>
      {text && onClear && !disabled && (
        <button type="button" className={s.clear} aria-label="清除" onClick={onClear}>
          清除
        </button>
      )}
    </div>
  );
}
