import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconCameraOff, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useIsPhone } from '../../../lib/use-is-phone';
import { cameraErrorMessage, createQrDecoder } from '../utils/qr-scanner';
import { LocatorForm, type TCodeResult } from './locator-form';
import classes from './sheets.module.css';

/** The same code again within this time is the same voucher still in front of the camera. */
const REPEAT_MS = 3500;

/**
 * "Escanear bono": the rear camera, decoding each frame until a QR code appears; each code is
 * checked in at once and the result shown over the video, so a guide can board a queue of
 * passengers without closing it. Typing the locator is always offered below.
 */
export default function ScanModal({
  opened,
  onClose,
  onCode,
}: {
  opened: boolean;
  onClose: () => void;
  onCode: (text: string, method: 'scan' | 'locator') => Promise<TCodeResult>;
}) {
  const isPhone = useIsPhone();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<'starting' | 'scanning' | 'error'>('starting');
  const [error, setError] = useState('');
  const [last, setLast] = useState<TCodeResult | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    if (!opened) return;
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    let busy = false;
    let lastText = '';
    let lastAt = 0;
    setStatus('starting');
    setLast(null);

    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) {
          throw Object.assign(new Error('no media devices'), { name: 'NoMediaDevices' });
        }
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
        if (stopped) return;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = stream;
        await video.play();
        const decoder = await createQrDecoder();
        if (stopped) return;
        setStatus('scanning');
        let lastTick = 0;
        const tick = async (t: number) => {
          if (stopped) return;
          frame = requestAnimationFrame(tick);
          if (busy || t - lastTick < 120 || video.readyState < 2) return;
          lastTick = t;
          busy = true;
          try {
            const text = await decoder.decode(video);
            const now = Date.now();
            if (text && !(text === lastText && now - lastAt < REPEAT_MS)) {
              lastText = text;
              lastAt = now;
              const result = await onCodeRef.current(text, 'scan');
              if (!stopped) setLast(result);
            }
          } catch {
            // a frame that cannot be read: try the next one
          } finally {
            busy = false;
          }
        };
        frame = requestAnimationFrame(tick);
      } catch (e) {
        if (stopped) return;
        setError(cameraErrorMessage(e));
        setStatus('error');
      }
    };
    void start();

    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Escanear bono"
      fullScreen={isPhone}
      size="md"
      centered
      zIndex={2500}
    >
      <Stack gap="md">
        {status === 'error' ? (
          <Alert color="orange" variant="light" icon={<IconCameraOff size={20} />} title="Cámara no disponible">
            {error}
          </Alert>
        ) : (
          <div className={classes.scanFrame}>
            <video ref={videoRef} className={classes.scanVideo} playsInline muted aria-label="Vista de la cámara" />
            {status === 'starting' ? (
              <Group justify="center" pos="absolute" inset={0} style={{ zIndex: 1 }}>
                <Loader color="white" aria-label="Abriendo la cámara" />
              </Group>
            ) : null}
          </div>
        )}
        {status === 'scanning' ? (
          <Text size="sm" c="dimmed" ta="center">
            Enfoca el código QR del bono del cliente. Cada bono leído queda embarcado.
          </Text>
        ) : null}
        <div aria-live="assertive">
          {last ? (
            <Alert
              color={last.ok ? 'teal' : 'red'}
              variant="filled"
              radius="md"
              icon={last.ok ? <IconCircleCheck size={22} /> : <IconCircleX size={22} />}
              title={last.title}
            >
              {last.message}
            </Alert>
          ) : null}
        </div>
        <LocatorForm onCode={onCode} autoFocus={status === 'error'} />
        <Button variant="default" onClick={onClose} fullWidth={isPhone}>
          Cerrar
        </Button>
      </Stack>
    </Modal>
  );
}
