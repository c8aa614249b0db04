import { Alert, Tabs } from '@mantine/core';
import { IconInbox, IconMailExclamation, IconSettings } from '@tabler/icons-react';
import { ACCESS, hasPermission, LEVEL } from '@trayecto/shared';
import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { confirmDiscard } from '../../../components/unsaved-changes';
import { getRoles } from '../../../lib/auth-storage';
import { useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useMessageSettings } from '../api/get-message-settings';
import { OutboxTab } from './outbox-tab';
import { SettingsTab, useSettingsOperator } from './settings-tab';

const TABS = ['bandeja', 'ajustes'] as const;
type TTab = (typeof TABS)[number];

/**
 * Whether this server sends e-mail at all (SMTP_URL), as the settings of an operator the user may
 * read say it (it is the same for every operator): the administrator's chosen one, else the first.
 */
function useSmtpConfigured(): boolean | undefined {
  const operator = useSettingsOperator();
  const operators = useTourOperatorSelectOptions(operator.isAdmin && !operator.id);
  const id = operator.id || operators.data?.[0]?.value || '';
  return useMessageSettings(id).data?.smtp_configured;
}

/** Without SMTP_URL nothing leaves: said plainly, on both tabs. */
function SmtpAlert() {
  const configured = useSmtpConfigured();
  if (configured !== false) return null;
  const isAdmin = getRoles().includes(LEVEL.ADMIN);
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailExclamation size={20} />}
      title="El correo todavía no sale"
      mb="lg"
    >
      El servidor no tiene configurado el correo saliente (SMTP_URL): los mensajes esperan en la cola y saldrán en
      cuanto se configure.{' '}
      {isAdmin
        ? 'Configúralo en las variables de entorno del servidor.'
        : 'Avisa a quien administra Trayecto; mientras tanto, lo urgente puedes enviarlo por WhatsApp desde la reserva.'}
    </Alert>
  );
}

/**
 * /messages, "Mensajes" (issue 14, levels 0, 1, 3): "Bandeja", the outbox and history of what
 * Trayecto sends to customers and staff, and "Ajustes", the operator's sender, reminder hour and
 * customer messages switched on. The tab is in the URL (`?tab=ajustes`), so it can be bookmarked.
 */
export function MessagesScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('tab');
  const tab: TTab = raw === 'ajustes' ? 'ajustes' : 'bandeja';
  const isAdmin = getRoles().includes(LEVEL.ADMIN);
  const canWrite = hasPermission(getRoles(), ACCESS.messageSettingsWrite);
  const settingsDirty = useRef(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    settingsDirty.current = dirty;
  }, []);

  const go = (next: TTab) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next === 'bandeja') params.delete('tab');
        else params.set('tab', next);
        params.delete('message');
        return params;
      },
      { replace: true, preventScrollReset: true, state: { keepScroll: true } },
    );
  const onTabChange = (value: string | null) => {
    const next = TABS.find((t) => t === value);
    if (!next || next === tab) return;
    if (tab === 'ajustes' && settingsDirty.current) confirmDiscard(() => go(next));
    else go(next);
  };

  return (
    <>
      <PageHeader
        title="Mensajes"
        description={
          isAdmin
            ? 'Los correos, WhatsApp y avisos a sistemas externos (webhooks) que Trayecto envía por todos los tour operadores: lo que espera, lo enviado y lo que falló.'
            : canWrite
              ? 'Los correos y WhatsApp de tu empresa a sus clientes y a tu equipo: lo que espera, lo enviado y lo que falló, y cómo se envían.'
              : 'Los correos y WhatsApp de tu empresa a sus clientes y a tu equipo: lo que espera, lo enviado y lo que falló.'
        }
      />
      <SmtpAlert />
      <Tabs value={tab} onChange={onTabChange} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="bandeja" leftSection={<IconInbox size={16} aria-hidden />}>
            Bandeja
          </Tabs.Tab>
          <Tabs.Tab value="ajustes" leftSection={<IconSettings size={16} aria-hidden />}>
            Ajustes
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="bandeja">
          <OutboxTab />
        </Tabs.Panel>
        <Tabs.Panel value="ajustes">
          <SettingsTab onDirtyChange={onDirtyChange} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
