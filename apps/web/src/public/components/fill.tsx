import { Fragment, type ReactNode } from 'react';

/**
 * A dictionary sentence with elements in it: fill('Te recogemos a las {time} en {place}', { time:
 * <strong>08:20</strong>, place: … }). Each language puts the `{name}` placeholders where its
 * grammar wants them; a placeholder without a value is left as it is.
 */
export function fill(template: string, values: Record<string, ReactNode>): ReactNode {
  const parts = template.split(/\{(\w+)\}/);
  return parts.map((part, i) =>
    i % 2 === 0 ? (
      part
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence
      <Fragment key={i}>{part in values ? values[part] : `{${part}}`}</Fragment>
    ),
  );
}
