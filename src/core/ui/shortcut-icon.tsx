import {
  AppstoreOutlined,
  BankOutlined,
  BellOutlined,
  BookOutlined,
  CalendarOutlined,
  FileTextOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  ScheduleOutlined,
  SearchOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { ShortcutIconName as IconName } from '@/shared/shortcut-icons';

// Typed by the shared list, so a name added there must be added here.
const ICONS: Record<IconName, ComponentType> = {
  AppstoreOutlined,
  BankOutlined,
  BellOutlined,
  BookOutlined,
  CalendarOutlined,
  FileTextOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  ScheduleOutlined,
  SearchOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
};

export function ShortcutIcon({ name }: { name: IconName }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
