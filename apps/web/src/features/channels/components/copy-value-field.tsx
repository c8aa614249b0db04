import { Textarea } from '@mantine/core';
import { CopyAction } from '../../../components/copy-link-field';

/**
 * A value to hand over (the OCTO base URL, a new API key): read-only, selected on focus, with
 * "Copiar". It wraps instead of scrolling, so the whole value is seen on a phone too (a key cut at
 * the edge of its box is a key copied by hand wrong). Unlike CopyLinkField there is nothing to
 * open: neither is a page.
 */
export function CopyValueField({
  label,
  value,
  description,
  autoFocus = false,
}: {
  label: string;
  value: string;
  description?: string;
  autoFocus?: boolean;
}) {
  return (
    <Textarea
      label={label}
      description={description}
      value={value}
      readOnly
      autosize
      minRows={1}
      data-autofocus={autoFocus || undefined}
      spellCheck={false}
      onFocus={(e) => e.currentTarget.select()}
      styles={{
        input: {
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 13,
          wordBreak: 'break-all',
          resize: 'none',
        },
      }}
      rightSectionWidth={40}
      rightSection={<CopyAction value={value} label={label} copied="copiada" />}
    />
  );
}
