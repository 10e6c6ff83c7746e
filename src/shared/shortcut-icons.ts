/** Icons a home-page shortcut may show (antd icon names): the homes and the back office's preview draw them. */
export const SHORTCUT_ICONS = [
  'AppstoreOutlined',
  'BankOutlined',
  'BellOutlined',
  'BookOutlined',
  'CalendarOutlined',
  'FileTextOutlined',
  'FormOutlined',
  'HomeOutlined',
  'IdcardOutlined',
  'LinkOutlined',
  'MessageOutlined',
  'QuestionCircleOutlined',
  'ReadOutlined',
  'ScheduleOutlined',
  'SearchOutlined',
  'SolutionOutlined',
  'TeamOutlined',
  'ToolOutlined',
] as const;
export type ShortcutIconName = (typeof SHORTCUT_ICONS)[number];
