import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Input,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCalendar,
  IconChevronDown,
  IconChevronUp,
  IconCursorText,
  IconHash,
  IconListCheck,
  IconMessageQuestion,
  IconToggleLeft,
  IconTrash,
} from '@tabler/icons-react';
import {
  MAX_QUESTION_OPTIONS,
  MAX_QUESTIONS,
  QUESTION_HELP_MAX,
  QUESTION_KIND_NAMES,
  QUESTION_KINDS,
  QUESTION_LABEL_MAX,
  QUESTION_OPTION_MAX,
  QUESTION_SCOPE_NAMES,
  QUESTION_SCOPES,
  type TQuestionKind,
} from '@trayecto/shared';
import { type ReactNode, useState } from 'react';
import { AddItemButton } from '../../../../components/add-item-button';
import { REQUIRED_FIELD } from '../../../../components/required-field';
import { questionTranslationLocale } from '../product-form-sections';
import {
  MIN_QUESTION_OPTIONS,
  newQuestion,
  newQuestionOption,
  optionsForChoice,
  type TQuestionValues,
} from '../product-questions-values';
import classes from './sections.module.css';
import { readOnlyProps, type TSectionProps } from './types';

const KIND_ICON: Record<TQuestionKind, (size: number) => ReactNode> = {
  text: (size) => <IconCursorText size={size} />,
  number: (size) => <IconHash size={size} />,
  date: (size) => <IconCalendar size={size} />,
  yes_no: (size) => <IconToggleLeft size={size} />,
  choice: (size) => <IconListCheck size={size} />,
};

const KIND_DATA = QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_NAMES[k] }));

/** How a question is named in its buttons: «¿Sabe nadar?», or "la pregunta 2" while it has no text. */
export const questionName = (q: Pick<TQuestionValues, 'label'>, index: number) =>
  q.label.trim() ? `«${q.label.trim()}»` : `la pregunta ${index + 1}`;

/** After a list changes under the keyboard, the focus goes to the element of `id` (once it is drawn). */
function focusLater(...ids: string[]) {
  requestAnimationFrame(() => {
    for (const id of ids) {
      const el = document.getElementById(id);
      if (el && !el.hasAttribute('disabled') && el.getAttribute('data-disabled') !== 'true') {
        el.focus();
        return;
      }
    }
  });
}

/** Whether the form holds an error of the question's own inputs (its translations are another section's). */
function hasOwnErrors(errors: Record<string, unknown>, index: number): boolean {
  const prefix = `questions.${index}.`;
  return Object.entries(errors).some(([k, msg]) => msg && k.startsWith(prefix) && !questionTranslationLocale(k));
}

/**
 * «Preguntas al reservar» (issue 33 item 3, ADR 024): what the product asks when it is booked — on
 * the public form, the back-office booking form and through OCTO — once per booking or for every
 * passenger. In order; each question opens to be edited; a question with an error opens by itself.
 */
export function QuestionsSection({ form, readOnly }: TSectionProps) {
  const { questions } = form.getValues();
  const [openKeys, setOpenKeys] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (key: string) =>
    setOpenKeys((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const add = () => {
    const q = newQuestion();
    form.insertListItem('questions', q);
    setOpenKeys((prev) => new Set(prev).add(q.key));
    const index = questions.length;
    requestAnimationFrame(() => form.getInputNode(`questions.${index}.label`)?.focus());
  };
  const move = (from: number, to: number) => {
    const q = questions[from];
    if (!q || to < 0 || to >= questions.length) return;
    form.reorderListItem('questions', { from, to });
    const up = `question-${q.key}-up`;
    const down = `question-${q.key}-down`;
    focusLater(...(to < from ? [up, down] : [down, up]));
  };
  const remove = (index: number) => {
    form.removeListItem('questions', index);
    focusLater('question-add');
  };

  return (
    <Stack gap="md">
      {questions.length === 0 ? (
        <Group gap="sm" wrap="nowrap" align="flex-start" className={classes.emptyNote}>
          <ThemeIcon variant="light" radius="xl" size={36} style={{ flex: 'none' }} aria-hidden>
            <IconMessageQuestion size={20} />
          </ThemeIcon>
          <Box>
            <Text size="sm" fw={600}>
              Aún no hay preguntas
            </Text>
            <Text size="sm" c="dimmed">
              Pregunta lo que necesitas saber al reservar: alergias, tallas, si saben nadar… Cada pregunta se hace una
              vez por reserva o a cada pasajero, en la web, en la oficina y a los canales, y las respuestas salen en la
              hoja de servicio y en el bono.
            </Text>
          </Box>
        </Group>
      ) : null}

      {form.errors.questions ? (
        <Text c="red" size="sm" role="alert">
          {form.errors.questions}
        </Text>
      ) : null}

      {questions.length > 0 ? (
        <Stack gap="sm" role="list" aria-label="Preguntas al reservar">
          {questions.map((q, i) => (
            <QuestionCard
              key={q.key}
              form={form}
              readOnly={readOnly}
              question={q}
              index={i}
              count={questions.length}
              open={openKeys.has(q.key) || hasOwnErrors(form.errors, i)}
              onToggle={() => toggle(q.key)}
              onMove={move}
              onRemove={remove}
            />
          ))}
        </Stack>
      ) : null}

      {readOnly ? null : (
        <Group gap="sm">
          <Button
            id="question-add"
            variant="light"
            leftSection={<IconMessageQuestion size={16} aria-hidden />}
            onClick={add}
            disabled={questions.length >= MAX_QUESTIONS}
          >
            Añadir pregunta
          </Button>
          {questions.length >= MAX_QUESTIONS ? (
            <Text size="xs" c="dimmed">
              Como máximo {MAX_QUESTIONS} preguntas.
            </Text>
          ) : null}
        </Group>
      )}
    </Stack>
  );
}

function QuestionCard({
  form,
  readOnly,
  question: q,
  index: i,
  count,
  open,
  onToggle,
  onMove,
  onRemove,
}: TSectionProps & {
  question: TQuestionValues;
  index: number;
  count: number;
  open: boolean;
  onToggle: () => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const name = questionName(q, i);
  const bodyId = `question-${q.key}-body`;
  const title = q.label.trim() || 'Pregunta sin texto';
  const optionCount = q.options.filter((o) => o.text.trim()).length;

  return (
    <Box className={classes.rowCard} role="listitem" aria-label={`Pregunta ${i + 1}: ${title}`} py="sm">
      <Group gap="xs" wrap="wrap" align="flex-start">
        <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <ThemeIcon variant="light" radius="md" size={28} style={{ flex: 'none' }} aria-hidden>
            {KIND_ICON[q.kind](16)}
          </ThemeIcon>
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} c={q.label.trim() ? undefined : 'dimmed'} lineClamp={2}>
              {i + 1}. {title}
            </Text>
            <Group gap={4} mt={4}>
              <Badge size="sm" variant="light" color="gray" radius="sm" tt="none">
                {QUESTION_KIND_NAMES[q.kind]}
                {q.kind === 'choice' ? ` · ${optionCount === 1 ? '1 opción' : `${optionCount} opciones`}` : ''}
              </Badge>
              <Badge size="sm" variant="light" color="brand" radius="sm" tt="none">
                {QUESTION_SCOPE_NAMES[q.scope]}
              </Badge>
              {q.required ? (
                <Badge size="sm" variant="light" color="orange" radius="sm" tt="none">
                  Obligatoria
                </Badge>
              ) : null}
            </Group>
          </Box>
        </Group>
        <Group gap={2} wrap="nowrap" ml="auto">
          <Button
            size="xs"
            variant="subtle"
            aria-expanded={open}
            aria-controls={open ? bodyId : undefined}
            // The visible word starts the name (WCAG 2.5.3): "Cerrar «¿Sabe nadar?»".
            aria-label={`${open ? 'Cerrar' : readOnly ? 'Ver' : 'Editar'} ${name}`}
            rightSection={open ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
            onClick={onToggle}
          >
            {open ? 'Cerrar' : readOnly ? 'Ver' : 'Editar'}
          </Button>
          {readOnly ? null : (
            <>
              <Tooltip label="Subir">
                <ActionIcon
                  id={`question-${q.key}-up`}
                  variant="subtle"
                  color="gray"
                  aria-label={`Subir ${name}`}
                  disabled={i === 0}
                  onClick={() => onMove(i, i - 1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Bajar">
                <ActionIcon
                  id={`question-${q.key}-down`}
                  variant="subtle"
                  color="gray"
                  aria-label={`Bajar ${name}`}
                  disabled={i === count - 1}
                  onClick={() => onMove(i, i + 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Quitar">
                <ActionIcon variant="subtle" color="red" aria-label={`Quitar ${name}`} onClick={() => onRemove(i)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        </Group>
      </Group>
      {open ? <QuestionFields form={form} readOnly={readOnly} question={q} index={i} id={bodyId} /> : null}
    </Box>
  );
}

function QuestionFields({
  form,
  readOnly,
  question: q,
  index: i,
  id,
}: TSectionProps & { question: TQuestionValues; index: number; id: string }) {
  const ro = readOnlyProps(readOnly);
  const at = `questions.${i}` as const;
  const setKind = (kind: string | null) => {
    if (!kind || kind === q.kind) return;
    form.setFieldValue(`${at}.kind`, kind as TQuestionKind);
    if (kind === 'choice') form.setFieldValue(`${at}.options`, optionsForChoice(q.options));
    form.clearFieldError(`${at}.options`);
  };
  return (
    <SimpleGrid id={id} cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" mt="md">
      <TextInput
        label="Pregunta"
        placeholder="Ej.: ¿Tiene alguna alergia o intolerancia?"
        maxLength={QUESTION_LABEL_MAX}
        style={{ gridColumn: '1 / -1' }}
        {...(readOnly ? {} : REQUIRED_FIELD)}
        {...ro}
        {...form.getInputProps(`${at}.label`)}
      />
      <TextInput
        label="Ayuda"
        description={readOnly ? undefined : 'Opcional: se muestra bajo la pregunta.'}
        placeholder="Ej.: Indica también si lleva medicación."
        maxLength={QUESTION_HELP_MAX}
        style={{ gridColumn: '1 / -1' }}
        {...ro}
        {...form.getInputProps(`${at}.help`)}
      />
      <Select
        label="Tipo de respuesta"
        data={KIND_DATA}
        allowDeselect={false}
        readOnly={readOnly}
        {...form.getInputProps(`${at}.kind`)}
        onChange={setKind}
      />
      <Radio.Group label="Se pregunta" readOnly={readOnly} {...form.getInputProps(`${at}.scope`)}>
        <Group gap="md" mt={8}>
          {QUESTION_SCOPES.map((s) => (
            <Radio key={s} value={s} label={QUESTION_SCOPE_NAMES[s]} />
          ))}
        </Group>
      </Radio.Group>
      <Switch
        label="Obligatoria"
        description="El cliente y los canales deben responderla; en la oficina se puede dejar para más tarde."
        disabled={readOnly}
        style={{ gridColumn: '1 / -1' }}
        {...form.getInputProps(`${at}.required`, { type: 'checkbox' })}
      />
      {q.kind === 'choice' ? <OptionsEditor form={form} readOnly={readOnly} question={q} index={i} /> : null}
    </SimpleGrid>
  );
}

/** A choice's options: at least two, none twice, in the order the customer sees them. */
function OptionsEditor({
  form,
  readOnly,
  question: q,
  index: i,
}: TSectionProps & { question: TQuestionValues; index: number }) {
  const at = `questions.${i}.options` as const;
  const optionId = (key: string, what: string) => `option-${key}-${what}`;
  const focusOption = (j: number) => requestAnimationFrame(() => form.getInputNode(`${at}.${j}.text`)?.focus());
  const add = (after = q.options.length - 1) => {
    if (q.options.length >= MAX_QUESTION_OPTIONS) return;
    form.insertListItem(at, newQuestionOption(), after + 1);
    focusOption(after + 1);
  };
  const move = (from: number, to: number) => {
    const o = q.options[from];
    if (!o || to < 0 || to >= q.options.length) return;
    form.reorderListItem(at, { from, to });
    const up = optionId(o.key, 'up');
    const down = optionId(o.key, 'down');
    focusLater(...(to < from ? [up, down] : [down, up]));
  };
  const remove = (j: number) => {
    form.removeListItem(at, j);
    focusOption(Math.max(0, j - 1));
  };
  const canRemove = q.options.length > MIN_QUESTION_OPTIONS;

  return (
    <Input.Wrapper
      label="Opciones"
      labelElement="div"
      description={
        readOnly
          ? undefined
          : `El cliente elige una. Al menos ${MIN_QUESTION_OPTIONS}, como máximo ${MAX_QUESTION_OPTIONS}; Intro añade otra.`
      }
      error={form.errors[at]}
      // "Opciones repetidas" right above the options it is about.
      inputWrapperOrder={['label', 'description', 'error', 'input']}
      style={{ gridColumn: '1 / -1' }}
    >
      <Stack gap={6} mt={6} role="group" aria-label={`Opciones de ${questionName(q, i)}`}>
        {q.options.map((o, j) => (
          <Group key={o.key} gap={4} wrap="nowrap" align="flex-start">
            <Text size="sm" c="dimmed" w={20} ta="right" mt={7} style={{ flex: 'none' }} aria-hidden>
              {j + 1}.
            </Text>
            <TextInput
              aria-label={`Opción ${j + 1}`}
              placeholder={j === 0 ? 'Ej.: Vegetariano' : j === 1 ? 'Ej.: Sin gluten' : ''}
              maxLength={QUESTION_OPTION_MAX}
              style={{ flex: 1, minWidth: 0 }}
              {...readOnlyProps(readOnly)}
              {...form.getInputProps(`${at}.${j}.text`)}
              onKeyDown={(e) => {
                if (readOnly || e.key !== 'Enter' || e.nativeEvent.isComposing) return;
                // Enter adds the next option instead of sending the form.
                e.preventDefault();
                if (j === q.options.length - 1) add(j);
                else focusOption(j + 1);
              }}
            />
            {readOnly ? null : (
              <Group gap={0} wrap="nowrap" mt={4} style={{ flex: 'none' }}>
                <ActionIcon
                  id={optionId(o.key, 'up')}
                  variant="subtle"
                  color="gray"
                  aria-label={`Subir la opción ${j + 1}`}
                  disabled={j === 0}
                  onClick={() => move(j, j - 1)}
                >
                  <IconArrowUp size={15} />
                </ActionIcon>
                <ActionIcon
                  id={optionId(o.key, 'down')}
                  variant="subtle"
                  color="gray"
                  aria-label={`Bajar la opción ${j + 1}`}
                  disabled={j === q.options.length - 1}
                  onClick={() => move(j, j + 1)}
                >
                  <IconArrowDown size={15} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Quitar la opción ${j + 1}`}
                  disabled={!canRemove}
                  onClick={() => remove(j)}
                >
                  <IconTrash size={15} />
                </ActionIcon>
              </Group>
            )}
          </Group>
        ))}
      </Stack>
      {readOnly ? null : (
        <Box mt="xs">
          <AddItemButton
            label="Añadir opción"
            onClick={() => add()}
            disabled={q.options.length >= MAX_QUESTION_OPTIONS}
          />
        </Box>
      )}
    </Input.Wrapper>
  );
}
