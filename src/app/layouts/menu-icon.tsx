import {
  AppstoreOutlined, ApartmentOutlined, AuditOutlined, BankOutlined, BarChartOutlined, BellOutlined, BookOutlined,
  CalendarOutlined, CloudServerOutlined, CommentOutlined, ControlOutlined, DashboardOutlined, DatabaseOutlined,
  DesktopOutlined, FileDoneOutlined, FileSearchOutlined, FileTextOutlined, FormOutlined, FundOutlined, HeartOutlined,
  HistoryOutlined, HomeOutlined, IdcardOutlined, LineChartOutlined, LinkOutlined, MessageOutlined, MobileOutlined,
  NotificationOutlined, PieChartOutlined, ProfileOutlined, QuestionCircleOutlined, ReadOutlined, SafetyOutlined,
  ScheduleOutlined, SettingOutlined, ShareAltOutlined, SolutionOutlined, StarOutlined, TableOutlined, TeamOutlined,
  ToolOutlined, UserOutlined, WarningOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu icons by antd name. Importing the whole icon set would put ~1 MB in every layout chunk,
 * so the names menus use are listed here; an unknown name falls back to AppstoreOutlined.
 */
const ICONS: Record<string, ComponentType> = {
  AppstoreOutlined, ApartmentOutlined, AuditOutlined, BankOutlined, BarChartOutlined, BellOutlined, BookOutlined,
  CalendarOutlined, CloudServerOutlined, CommentOutlined, ControlOutlined, DashboardOutlined, DatabaseOutlined,
  DesktopOutlined, FileDoneOutlined, FileSearchOutlined, FileTextOutlined, FormOutlined, FundOutlined, HeartOutlined,
  HistoryOutlined, HomeOutlined, IdcardOutlined, LineChartOutlined, LinkOutlined, MessageOutlined, MobileOutlined,
  NotificationOutlined, PieChartOutlined, ProfileOutlined, QuestionCircleOutlined, ReadOutlined, SafetyOutlined,
  ScheduleOutlined, SettingOutlined, ShareAltOutlined, SolutionOutlined, StarOutlined, TableOutlined, TeamOutlined,
  ToolOutlined, UserOutlined, WarningOutlined,
};

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
