import type { ComponentType } from 'react';
import {
  ApartmentOutlined,
  BarsOutlined,
  BorderOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  DownSquareOutlined,
  EditOutlined,
  FieldNumberOutlined,
  FileTextOutlined,
  FontSizeOutlined,
  LineOutlined,
  MoneyCollectOutlined,
  NodeIndexOutlined,
  PaperClipOutlined,
  PictureOutlined,
  SwapOutlined,
  TableOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  CheckCircleOutlined,
  AlignLeftOutlined,
} from '@ant-design/icons';
import type { FieldType } from '@/shared/forms/schema';

const ICONS: Record<FieldType, ComponentType> = {
  text: FontSizeOutlined,
  textarea: AlignLeftOutlined,
  number: FieldNumberOutlined,
  money: MoneyCollectOutlined,
  date: CalendarOutlined,
  datetime: ClockCircleOutlined,
  dateRange: SwapOutlined,
  select: DownSquareOutlined,
  multiSelect: UnorderedListOutlined,
  radio: CheckCircleOutlined,
  checkbox: CheckSquareOutlined,
  switch: BorderOutlined,
  cascader: NodeIndexOutlined,
  user: TeamOutlined,
  department: ApartmentOutlined,
  file: PaperClipOutlined,
  image: PictureOutlined,
  signature: EditOutlined,
  subTable: TableOutlined,
  richText: FileTextOutlined,
  divider: LineOutlined,
};

/** The palette's and the cards' icon of a field type. */
export function FieldIcon({ type }: { type: FieldType }) {
  const Icon = ICONS[type] ?? BarsOutlined;
  return <Icon />;
}
