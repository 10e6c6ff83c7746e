import s from '../mobile.module.css';

// No desktop icon set on the phone: a tile shows its title's first character on a colour of its own.
const COLOURS = ['#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#2f54eb', '#fa541c'];

function colourOf(text: string): string {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return COLOURS[h % COLOURS.length]!;
}

/** One grid entry: a 44 px icon and its title, the whole tile one touch target. */
export function Tile({ title, onOpen }: { title: string; onOpen: () => void }) {
  return (
    <button type="button" className={s.tile} onClick={onOpen}>
      <span className={s.tileIcon} style={{ background: colourOf(title) }} aria-hidden>
        {Array.from(title.trim())[0] ?? '·'}
      </span>
      <span className={s.tileText}>{title}</span>
    </button>
  );
}
