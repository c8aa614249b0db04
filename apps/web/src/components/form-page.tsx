import { Badge, Box, Button, Group, Paper, Text } from '@mantine/core';
import { IconCheck, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import classes from './form-page.module.css';
import { FormSection } from './form-section';

/**
 * The pieces of a long form on its own page (a product, a booking; STYLE.md "Forms"): titled
 * section cards that say how many errors they hold, and a sticky save bar at the end.
 */

/** Brings a section of the page into view (its id is the card's). */
export function scrollToSection(id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  // The keyboard goes there too (WCAG 2.4.3): the section's heading takes the focus, so the next
  // Tab reaches the section's first field instead of the field after the index.
  const target = section.querySelector<HTMLElement>('h1, h2, h3, h4') ?? section;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/** Takes the user to the first field to fix: its input when it has one, else its section. */
export function revealField(node: HTMLElement | null | undefined, sectionId: string | null | undefined) {
  if (node) {
    node.scrollIntoView({ behavior: 'smooth', block: 'center' });
    node.focus({ preventScroll: true });
    return;
  }
  if (sectionId) scrollToSection(sectionId);
}

/**
 * A titled card of the form, anchored by its id. Its errors and "Solo lectura" show in its corner;
 * a numbered step (ticked once done) leads the title when the form is a sequence of steps.
 */
export function FormSectionCard({
  id,
  title,
  description,
  errorCount,
  locked,
  step,
  done,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  errorCount?: number;
  /** The role may read this section, not change it. */
  locked?: boolean;
  step?: number;
  done?: boolean;
  children: ReactNode;
}) {
  const section = (
    <FormSection title={title} description={description}>
      {children}
    </FormSection>
  );
  return (
    <Paper id={id} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs" className={classes.section}>
      {locked || errorCount ? (
        <Group gap={6} className={classes.sectionFlags}>
          {errorCount ? (
            <Badge color="red" variant="light" radius="sm">
              {errorCount === 1 ? '1 error' : `${errorCount} errores`}
            </Badge>
          ) : null}
          {locked ? (
            <Badge color="gray" variant="light" radius="sm" leftSection={<IconLock size={12} />}>
              Solo lectura
            </Badge>
          ) : null}
        </Group>
      ) : null}
      {step === undefined ? (
        section
      ) : (
        <Group gap={10} align="flex-start" wrap="nowrap">
          <span className={classes.step} data-done={done || undefined} aria-hidden>
            {done ? <IconCheck size={13} /> : step}
          </span>
          <Box style={{ flex: 1, minWidth: 0 }}>{section}</Box>
        </Group>
      )}
    </Paper>
  );
}

/**
 * The sticky save bar never hides the field that has the focus (WCAG 2.4.11): after the browser
 * has scrolled a newly focused control into view, if the bar covers it, the page scrolls it up
 * above the bar. (CSS scroll-padding in global.css does the same where the browser honours it.)
 */
function useKeepFocusAboveBar(barRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onFocusIn = (e: FocusEvent) => {
      const target = e.target;
      if (!(target instanceof HTMLElement)) return;
      requestAnimationFrame(() => {
        const bar = barRef.current;
        if (!bar || bar.contains(target) || target.closest('[role="dialog"]') || !target.isConnected) return;
        const edge = bar.getBoundingClientRect();
        const box = target.getBoundingClientRect();
        if (box.bottom + 12 <= edge.top || box.top >= edge.bottom) return;
        window.scrollBy({ top: box.bottom + 12 - edge.top });
      });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [barRef]);
}

/**
 * The sticky bar at the end of the form: whether there are unsaved changes or errors, "Cancelar"
 * (or "Volver") back to the list, and the save button.
 *
 * With a `summary` (the booking's total; null while there is none yet) the summary keeps the
 * phone's narrow bar for itself and the save button: the state, the errors and the way back show
 * from wider screens up.
 */
export function FormSaveBar({
  dirty,
  isNew,
  errorCount,
  backTo,
  saving,
  saveLabel = 'Guardar',
  summary,
}: {
  dirty: boolean;
  /** A record not saved yet: "Rellena los datos y guarda." instead of "Sin cambios pendientes.". */
  isNew: boolean;
  errorCount: number;
  /** The list the way back leads to. */
  backTo: string;
  saving: boolean;
  saveLabel?: string;
  summary?: ReactNode;
}) {
  const hasSummary = summary !== undefined;
  const barRef = useRef<HTMLDivElement>(null);
  useKeepFocusAboveBar(barRef);
  return (
    <Paper
      ref={barRef}
      withBorder
      shadow="md"
      radius="lg"
      px="md"
      py="sm"
      mt="lg"
      className={classes.saveBar}
      // The notifications never cover it (lib/notify.tsx), nor does it hide the focused field.
      data-action-bar
    >
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Group gap="sm" aria-live="polite" wrap="nowrap" style={{ minWidth: 0 }}>
          {dirty ? (
            <Badge
              color="yellow"
              variant="dot"
              size="lg"
              tt="none"
              fw={500}
              style={{ flex: 'none' }}
              visibleFrom={hasSummary ? 'sm' : undefined}
            >
              Cambios sin guardar
            </Badge>
          ) : (
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {isNew ? 'Rellena los datos y guarda.' : 'Sin cambios pendientes.'}
            </Text>
          )}
          {summary}
          {errorCount ? (
            <Text size="sm" c="red" visibleFrom={hasSummary ? 'md' : 'sm'}>
              {errorCount === 1 ? '1 campo con errores' : `${errorCount} campos con errores`}
            </Text>
          ) : null}
        </Group>
        <Group gap="sm" wrap="nowrap" ml="auto">
          <Button
            variant="default"
            component={Link}
            visibleFrom={hasSummary || dirty ? 'sm' : undefined}
            to={backTo}
            disabled={saving}
          >
            {dirty ? 'Cancelar' : 'Volver'}
          </Button>
          <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
            {saveLabel}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
