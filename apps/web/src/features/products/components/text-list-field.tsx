import { ActionIcon, Input, List, Stack, Text, TextInput, ThemeIcon, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { newKey, type TProductFormValues } from './product-form-values';

type TListField = 'includes' | 'excludes';

/**
 * An editable list of short texts ("Incluye", "No incluye"): each item is an input with a remove
 * button; a last input adds a new item (Enter or +).
 */
export function TextListField({
  form,
  field,
  label,
  description,
  placeholder,
  readOnly,
  tone,
}: {
  form: UseFormReturnType<TProductFormValues>;
  field: TListField;
  label: string;
  description?: string;
  placeholder: string;
  readOnly: boolean;
  tone: 'include' | 'exclude';
}) {
  const [draft, setDraft] = useState('');
  const items = form.getValues()[field];
  const max = 30;

  const add = () => {
    const text = draft.trim();
    if (!text || items.length >= max) return;
    form.insertListItem(field, { key: newKey(field), text });
    setDraft('');
  };

  if (readOnly) {
    return (
      <Input.Wrapper label={label}>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" mt={4}>
            Nada indicado.
          </Text>
        ) : (
          <List
            mt={6}
            spacing={4}
            size="sm"
            icon={
              <ThemeIcon size={18} radius="xl" variant="light" color={tone === 'include' ? 'teal' : 'red'}>
                {tone === 'include' ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            {items.map((i) => (
              <List.Item key={i.key}>{i.text}</List.Item>
            ))}
          </List>
        )}
      </Input.Wrapper>
    );
  }

  const listError = form.errors[field];
  return (
    <Input.Wrapper label={label} description={description} error={listError}>
      <Stack gap={6} mt={6}>
        {items.map((item, index) => (
          <TextInput
            key={item.key}
            aria-label={`${label} ${index + 1}`}
            maxLength={200}
            leftSection={
              tone === 'include' ? (
                <IconCheck size={15} color="var(--mantine-color-teal-7)" aria-hidden />
              ) : (
                <IconX size={15} color="var(--mantine-color-red-7)" aria-hidden />
              )
            }
            rightSection={
              <Tooltip label="Quitar">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Quitar «${item.text || `${label} ${index + 1}`}»`}
                  onClick={() => form.removeListItem(field, index)}
                >
                  <IconX size={15} />
                </ActionIcon>
              </Tooltip>
            }
            {...form.getInputProps(`${field}.${index}.text`)}
          />
        ))}
        {items.length < max ? (
          <TextInput
            aria-label={`Nuevo elemento: ${label}`}
            placeholder={placeholder}
            value={draft}
            maxLength={200}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            onBlur={add}
            rightSection={
              <Tooltip label="Añadir">
                <ActionIcon
                  variant="light"
                  aria-label={`Añadir a ${label.toLowerCase()}`}
                  onClick={add}
                  disabled={!draft.trim()}
                >
                  <IconPlus size={15} />
                </ActionIcon>
              </Tooltip>
            }
          />
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
