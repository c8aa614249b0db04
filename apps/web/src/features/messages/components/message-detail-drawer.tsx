import {
  Alert,
  Anchor,
  Box,
  Button,
  Drawer,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconInfoCircle, IconSend } from '@tabler/icons-react';
import {
  ACCESS,
  hasPermission,
  LANGUAGE_NAMES,
  pathTo,
  type TLanguage,
  type TMessageDetailResponse,
} from '@trayecto/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BreakableEmail } from '../../../components/breakable-email';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { getRoles } from '../../../lib/auth-storage';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTimes } from '../../../lib/time-zone';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useMessage } from '../api/get-message';
import { useResendMessage } from '../api/resend-message';
import {
  actorLabel,
  attemptsLabel,
  isWhatsappFallback,
  messageKindName,
  prettyJson,
  responseLabel,
  whatsappKindOf,
} from '../utils/message-format';
import { ChannelTag, MessageStateBadge, StateNotes } from './message-parts';
import { WhatsappButton } from './whatsapp-button';

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Why it did not leave (failed, skipped) or the last error of a retry, as an alert above the body. */
function ProblemAlert({ message }: { message: TMessageDetailResponse }) {
  if (message.state !== 'failed' && message.state !== 'skipped' && !message.last_error) return null;
  const title =
    message.state === 'failed'
      ? 'No se pudo entregar'
      : message.state === 'skipped'
        ? 'No se envió'
        : 'El último intento falló; se volverá a intentar';
  return (
    <Alert
      color={message.state === 'failed' ? 'red' : 'orange'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={title}
    >
      <StateNotes message={message} size="sm" />
      {message.booking_id && isWhatsappFallback(message) ? (
        <Box mt="sm">
          <WhatsappButton
            bookingId={message.booking_id}
            kind={whatsappKindOf(message.kind)}
            label={message.recipient_name || undefined}
            size="xs"
          />
        </Box>
      ) : null}
    </Alert>
  );
}

/** The message as the customer reads it: the e-mail (sandboxed) and its plain text, or the WhatsApp text. */
function MessageBody({ message }: { message: TMessageDetailResponse }) {
  const isPhone = useIsPhone();
  const plain = (
    <Box
      component="pre"
      p="sm"
      m={0}
      bg="gray.0"
      fz="sm"
      style={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontFamily: 'inherit',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 8,
      }}
    >
      {message.channel === 'webhook' ? prettyJson(message.text) : message.text || 'Sin texto.'}
    </Box>
  );
  if (message.channel === 'webhook') {
    return (
      <div>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4} mb={4}>
          Cuerpo enviado (JSON)
        </Text>
        {plain}
      </div>
    );
  }
  if (message.channel !== 'email' || !message.html) return plain;
  return (
    <Tabs defaultValue="html" keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="html">Como lo ve el cliente</Tabs.Tab>
        <Tabs.Tab value="text">Texto</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="html">
        {/* Nothing of the message runs or reaches the back-office: no scripts, no forms, no navigation. */}
        <Box
          component="iframe"
          title={`Contenido del correo: ${message.subject}`}
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={message.html}
          w="100%"
          h={isPhone ? 460 : 560}
          bg="white"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, display: 'block' }}
        />
      </Tabs.Panel>
      <Tabs.Panel value="text">{plain}</Tabs.Panel>
    </Tabs>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Cargando el mensaje">
      <Skeleton h={22} w="40%" />
      <SimpleGrid cols={2}>
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </SimpleGrid>
      <Skeleton h={320} />
    </Stack>
  );
}

/**
 * One message in a side drawer (full screen on a phone): its state and why, who it went to, when,
 * who caused it, the resend it comes from, its content as the customer reads it (the e-mail in a
 * sandboxed frame, and its plain text), and "Reenviar" when it may be sent again.
 */
export function MessageDetailDrawer({
  messageId,
  opened,
  onClose,
  onOpenMessage,
  showBookingLink = true,
  operatorName,
}: {
  messageId: string | null;
  opened: boolean;
  onClose: () => void;
  /** Another message in its place (the one it resends, the new copy after "Reenviar"). */
  onOpenMessage: (id: string) => void;
  /** false inside the booking's own screen. */
  showBookingLink?: boolean;
  /** The administrator's views name the message's operator. */
  operatorName?: (id: string | null) => string | undefined;
}) {
  const isPhone = useIsPhone();
  const query = useMessage(messageId);
  const message = query.data;
  const times = useTimes(message?.timezone);
  const resend = useResendMessage();
  const canResend = hasPermission(getRoles(), ACCESS.messages);
  const [resendError, setResendError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message clears the last refusal
  useEffect(() => setResendError(null), [messageId]);

  const confirmResend = (m: TMessageDetailResponse) =>
    modals.openConfirmModal({
      title: m.channel === 'webhook' ? 'Reenviar el aviso' : 'Reenviar el mensaje',
      centered: true,
      zIndex: 1000,
      children: (
        <Text size="sm">
          {m.channel === 'webhook'
            ? `Se enviará de nuevo el evento «${m.subject}» con el mismo contenido a ${m.recipient}, como un envío nuevo. Este se queda en el historial.`
            : `Se enviará de nuevo «${messageKindName(m.kind)}» como un mensaje nuevo, con los datos actuales de la reserva${
                m.booking_locator ? ` ${m.booking_locator}` : ''
              } y a su correo actual. Este se queda en el historial.`}
        </Text>
      ),
      labels: { confirm: 'Reenviar', cancel: 'Cancelar' },
      onConfirm: () =>
        resend.mutate(m.id, {
          onSuccess: (copy) => {
            setResendError(null);
            notifySuccess(
              'Mensaje reenviado',
              copy.state === 'queued'
                ? `En cola para ${copy.recipient}: sale en cuanto se pueda.`
                : `${messageKindName(copy.kind)} para ${copy.recipient}.`,
            );
            onOpenMessage(copy.id);
          },
          onError: (error) => {
            if (error.status === 401) return;
            const reason = error.fieldErrors.customer_email?.[0] ?? error.message;
            setResendError(reason);
            notifyError('No se ha reenviado', reason);
          },
        }),
    });

  const operator = message ? operatorName?.(message.tour_operator_id) : undefined;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 760}
      title={
        <Text fw={700} size="lg" component="span">
          {message ? messageKindName(message.kind) : 'Mensaje'}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      styles={{
        header: { paddingInline: 'var(--mantine-spacing-lg)', borderBottom: '1px solid var(--mantine-color-gray-3)' },
        body: { padding: 'var(--mantine-spacing-lg)' },
      }}
    >
      {query.isLoading ? (
        <DetailSkeleton />
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <Alert color="gray" variant="light" title="Este mensaje no está disponible">
            Ya no existe o pertenece a otro tour operador.
          </Alert>
        ) : (
          <LoadErrorAlert
            title="No se ha podido cargar el mensaje"
            onRetry={query.refetch}
            retrying={query.isFetching}
          />
        )
      ) : message ? (
        <Stack gap="lg">
          <Group gap="sm" wrap="wrap" justify="space-between">
            <Group gap="sm" wrap="wrap">
              <MessageStateBadge state={message.state} size="md" />
              <ChannelTag channel={message.channel} />
              {message.state === 'queued' ? <StateNotes message={message} size="sm" /> : null}
            </Group>
            {canResend && message.can_resend ? (
              <Button
                leftSection={<IconSend size={18} aria-hidden />}
                loading={resend.isPending}
                onClick={() => confirmResend(message)}
              >
                Reenviar
              </Button>
            ) : null}
          </Group>

          {resendError ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="No se ha reenviado">
              {resendError}
            </Alert>
          ) : null}

          <ProblemAlert message={message} />

          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
            <Fact label={message.channel === 'webhook' ? 'Dirección (URL)' : 'Destinatario'} wide>
              {message.recipient_name ? (
                <Text fw={600} size="sm">
                  {message.recipient_name}
                </Text>
              ) : null}
              {message.channel === 'email' ? (
                <BreakableEmail email={message.recipient} />
              ) : (
                <span>{message.recipient}</span>
              )}
            </Fact>
            <Fact label="Reserva">
              {message.booking_id && message.booking_locator ? (
                showBookingLink ? (
                  <Anchor component={Link} to={pathTo('bookingEdit', { id: message.booking_id })} size="sm">
                    {message.booking_locator}
                  </Anchor>
                ) : (
                  message.booking_locator
                )
              ) : (
                '—'
              )}
            </Fact>
            <Fact label="Creado">{times.withZone(times.dateTime(message.created_at))}</Fact>
            <Fact label={message.channel === 'whatsapp' ? 'Abierto' : 'Enviado'}>
              {message.sent_at ? times.dateTime(message.sent_at) : '—'}
            </Fact>
            <Fact label="Causado por">{actorLabel(message)}</Fact>
            {message.channel === 'webhook' ? null : <Fact label="Idioma">{languageLabel(message.locale)}</Fact>}
            <Fact label="Intentos">{attemptsLabel(message)}</Fact>
            {message.channel === 'webhook' ? (
              <Fact label="Última respuesta" wide>
                {responseLabel(message)}
              </Fact>
            ) : null}
            {message.resend_of ? (
              <Fact label="Reenvío de">
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => onOpenMessage(message.resend_of as string)}
                >
                  Ver el mensaje original
                </Anchor>
              </Fact>
            ) : null}
            {operator ? <Fact label="Tour operador">{operator}</Fact> : null}
          </SimpleGrid>

          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
              {message.channel === 'webhook' ? 'Evento' : 'Asunto'}
            </Text>
            <Title
              order={3}
              fz="md"
              ff={message.channel === 'webhook' ? 'monospace' : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {message.subject || '(sin asunto)'}
            </Title>
          </div>

          {message.state === 'queued' && message.channel === 'email' ? (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
              Aún no ha salido: esto es lo que saldría ahora, con los datos actuales de la reserva.
            </Alert>
          ) : null}

          <MessageBody message={message} />

          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cerrar
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Drawer>
  );
}

/** The message's language by its Spanish name ("Alemán"), the code when it is not a known one. */
const languageLabel = (code: string) => LANGUAGE_NAMES[code as TLanguage] ?? code.toUpperCase();
