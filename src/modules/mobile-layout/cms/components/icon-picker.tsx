import { Tooltip } from 'antd';
import { MOBILE_ICON_LABELS, MOBILE_ICONS, type MobileIcon } from '@/modules/mobile-layout/contract';
import { MobileIconSvg } from '@/modules/mobile-layout/mobile-icons';
import s from './layout-editor.module.css';

/** The fixed icon set as a grid of buttons (the same SVGs the phone draws). */
export function IconPicker({ value, onChange }: { value: MobileIcon; onChange: (icon: MobileIcon) => void }) {
  return (
    <div className={s.iconGrid} role="radiogroup" aria-label="图标">
      {MOBILE_ICONS.map((name) => (
        <Tooltip key={name} title={MOBILE_ICON_LABELS[name]} mouseEnterDelay={0.4}>
          <button
            type="button"
            role="radio"
            aria-checked={value === name}
            aria-label={MOBILE_ICON_LABELS[name]}
            className={`${s.iconChoice} ${value === name ? s.iconChosen : ''}`}
            onClick={() => onChange(name)}
          >
            <MobileIconSvg name={name} size={22} />
          </button>
        </Tooltip>
      ))}
    </div>
  );
}
