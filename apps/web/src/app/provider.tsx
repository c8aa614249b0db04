import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '../styles/global.css';
import '../config/locale';

import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { NOTIFICATION_MS } from '@trayecto/shared';
import { type ReactNode, useEffect } from 'react';
import { DATES_SETTINGS } from '../config/locale';
import { cssVariablesResolver, theme } from '../config/theme';
import { isLoggedIn, onSessionChange } from '../lib/auth-storage';
import { NOTIFICATIONS_ROOT_CLASS, NotificationsPlacement } from '../lib/notify';
import { queryClient } from '../lib/query-client';

/** Spec §9: notifications last 5000 ms by default and appear at the bottom. */
export const NOTIFICATIONS_SETTINGS = { position: 'bottom-center', autoClose: NOTIFICATION_MS } as const;

/** Everything the screens rely on: theme, Spanish dates, modals, notifications and the query cache. */
export function AppProvider({ children }: { children: ReactNode }) {
  // A session that ends (logout, 401) must not leave another user's data in the cache.
  useEffect(
    () =>
      onSessionChange(() => {
        if (!isLoggedIn()) queryClient.clear();
      }),
    [],
  );

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DatesProvider settings={DATES_SETTINGS}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
            <Notifications
              {...NOTIFICATIONS_SETTINGS}
              limit={4}
              zIndex={4000}
              classNames={{ root: NOTIFICATIONS_ROOT_CLASS }}
            />
            <NotificationsPlacement />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
