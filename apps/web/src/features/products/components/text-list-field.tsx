import { ActionIcon, Input, List, Stack, Text, TextInput, ThemeIcon, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconBackpack, IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { newKey, type TProductFormValues, type TTextItem } from './product-form-values';

/** A list of texts in the form: a base one or a translation's ("translations.de.includes"). */
export type TTextListPath = 'includes' | 'excludes' | 'what_to_bring' | `translations.${string}.${string}`;

type TTone = 'include' | 'exclude' | 'bring';

const TONE_ICON: Record<TTone, { color: string; icon: (size: number) => ReactNode }> = {
  include: { color: 'teal', icon: (size) => <IconCheck size={size} /> },
  exclude: { color: 'red', icon: (size) => <IconX size={size} /> },
  bring: { color: 'brand', icon: (size) => <IconBackpack size={size} /> },
};

/** The items of the list at `path` in the form's values. */
function itemsAt(values: TProductFormValues, path: TTextListPath): TTextItem[] {
  let node: unknown = values;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return Array.isArray(node) ? (node as TTextItem[]) : [];
}

/**
 * An editable list of short texts ("Incluye", "No incluye", "Qué llevar", and their translations):
 * each item is an input with a remove button; a last input adds a new item (Enter or +).
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
  field: TTextListPath;
  label: string;
  description?: ReactNode;
  placeholder: string;
  readOnly: boolean;
  tone: TTone;
}) {
  const [draft, setDraft] = useState('');
  const items = itemsAt(form.getValues(), field);
  const max = 30;
  const toneIcon = TONE_ICON[tone];

  const add = () => {
    const text = draft.trim();
    if (!text || items.length >= max) return;
    form.insertListItem(field, { key: newKey(field), text });
    setDraft('');
  };

  if (readOnly) {
    return (
      <Input.Wrapper label={label} description={description}>
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
              <ThemeIcon size={18} radius="xl" variant="light" color={toneIcon.color}>
                {toneIcon.icon(12)}
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
              <Text component="span" c={`${toneIcon.color}.7`} display="flex" aria-hidden>
                {toneIcon.icon(15)}
              </Text>
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
