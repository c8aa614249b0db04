import { Button, Group, TextInput } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

/** What a check-in by code gave: shown over the camera and as a notification. */
export type TCodeResult = { ok: boolean; title: string; message: string };

/** Typing a voucher's locator (TRY-XXXXXX): the way in when there is no camera or the QR will not read. */
export function LocatorForm({
  onCode,
  autoFocus = false,
  disabled = false,
}: {
  onCode: (text: string, method: 'scan' | 'locator') => Promise<TCodeResult>;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) {
      setError('Escribe el localizador del bono');
      return;
    }
    setBusy(true);
    try {
      const result = await onCode(value, 'locator');
      if (result.ok) {
        setValue('');
        setError(null);
      } else setError(result.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Embarcar por localizador">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label="Localizador"
          placeholder="TRY-XXXXXX"
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value.toUpperCase());
            setError(null);
          }}
          error={error}
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={120}
          leftSection={<IconTicket size={16} aria-hidden />}
          style={{ flex: 1 }}
          data-autofocus={autoFocus || undefined}
          disabled={disabled}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 0.5 } }}
        />
        <Button type="submit" mt={25} loading={busy} disabled={disabled}>
          Embarcar
        </Button>
      </Group>
    </form>
  );
}
