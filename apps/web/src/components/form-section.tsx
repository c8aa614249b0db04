import { Stack, Text, Textarea, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';

/**
 * A titled group of fields (STYLE.md "Forms": grouped in titled sections). A heading, not a
 * labelled region, so a section title never competes with a field label of the same words.
 */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <div>
        <Title order={3} fz="sm" tt="uppercase" c="dimmed" lts={0.5}>
          {title}
        </Title>
        {description ? (
          <Text size="xs" c="dimmed" mt={2}>
            {description}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  );
}

/** "Notas": free text for the team, the last section of a resource's form. */
export function NotesSection({
  placeholder,
  readOnly,
  inputProps,
}: {
  placeholder: string;
  readOnly: boolean;
  inputProps: GetInputPropsReturnType;
}) {
  return (
    <FormSection title="Notas">
      <Textarea
        label="Notas internas"
        placeholder={readOnly ? '' : placeholder}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={2000}
        readOnly={readOnly || undefined}
        {...inputProps}
      />
    </FormSection>
  );
}
