import {
  type Icon,
  IconBuildingSkyscraper,
  IconBus,
  IconCalendarEvent,
  IconClipboardList,
  IconClockPlay,
  IconHistory,
  IconHome,
  IconId,
  IconMail,
  IconMap2,
  IconPackages,
  IconPlugConnected,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { TRouteKey } from '@trayecto/shared';

/** One icon per menu entry (Tabler, Mantine's own set). */
export const MENU_ICONS: Partial<Record<TRouteKey | 'resources', Icon>> = {
  home: IconHome,
  bookingIndex: IconCalendarEvent,
  scheduleSheetsIndex: IconClipboardList,
  messages: IconMail,
  productIndex: IconMap2,
  resources: IconPackages,
  vehicles: IconBus,
  accommodations: IconBuildingSkyscraper,
  persons: IconId,
  users: IconUsers,
  tourOperator: IconUsersGroup,
  channels: IconPlugConnected,
  auditLog: IconHistory,
  backgroundJobs: IconClockPlay,
};
