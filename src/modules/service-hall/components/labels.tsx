import { Tag } from 'antd';
import { MODE_LABELS, type HandlingMode } from '../contract';

const MODE_COLORS: Record<HandlingMode, string> = { online: 'blue', offline: 'green', booking: 'orange' };

/** The handling modes of an item as coloured tags. */
export function ModeTags({ modes }: { modes: HandlingMode[] }) {
  return (
    <>
      {modes.map((m) => (
        <Tag key={m} color={MODE_COLORS[m]}>
          {MODE_LABELS[m]}
        </Tag>
      ))}
    </>
  );
}

/** The gradient a special service without a banner image is drawn on (by its position). */
export const SPECIAL_GRADIENTS = [
  'linear-gradient(135deg, #1456c9, #4f9bff)',
  'linear-gradient(135deg, #0f8a6b, #3cc59c)',
  'linear-gradient(135deg, #b3541e, #f0a04b)',
  'linear-gradient(135deg, #6b3fc9, #a67cf5)',
];

export const specialBackground = (bannerUrl: string | null, i: number) =>
  bannerUrl
    ? `linear-gradient(rgba(0,0,0,0.35), rgba(0,0,0,0.35)), url(${bannerUrl})`
    : SPECIAL_GRADIENTS[i % SPECIAL_GRADIENTS.length]!;
