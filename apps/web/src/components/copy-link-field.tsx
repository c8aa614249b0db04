import { ActionIcon, CopyButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';

/** A link of `public_urls` as people share it: absolute, on this site when the API gives a path. */
export function absoluteUrl(url: string, origin = window.location.origin): string {
  try {
    return new URL(url, origin).toString();
  } catch {
    return url;
  }
}

/**
 * "Copiar" beside a read-only value: the tooltip and the button's name say when it was copied
 * (`copied` agrees with the label's noun: "copiado", "copiada").
 */
export function CopyAction({
  value,
  label,
  copied: copiedWord = 'copiado',
}: {
  value: string;
  label: string;
  copied?: string;
}) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copiado' : 'Copiar'} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={copied ? `${label}: ${copiedWord}` : `Copiar ${label.toLowerCase()}`}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** A public link to share: read-only, selected on focus, with "Copiar" and "Abrir" buttons. */
export function CopyLinkField({
  label,
  description,
  url,
  size,
}: {
  label: string;
  description: string;
  url: string;
  size?: 'xs';
}) {
  return (
    <TextInput
      label={label}
      description={description}
      value={url}
      readOnly
      size={size}
      onFocus={(e) => e.currentTarget.select()}
      rightSectionWidth={size === 'xs' ? 64 : 72}
      rightSection={
        <Group gap={2} wrap="nowrap">
          <CopyAction value={url} label={label} />
          <Tooltip label="Abrir en una pestaña nueva">
            <ActionIcon
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              color="gray"
              aria-label={`Abrir ${label.toLowerCase()}`}
            >
              <IconExternalLink size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      }
    />
  );
}
