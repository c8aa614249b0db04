/**
 * Preguntas (issue 33 item 3, ADR 024): the chosen product's questions, those of the booking once
 * and those of each passenger per passenger («Pasajero 3 · Niño», following the counts), one input
 * per kind. A required question is marked but staff may save without it (the customer says at the
 * door); answers to questions the product no longer asks are listed read-only with their label then.
 */
import {
  Badge,
  Fieldset,
  Group,
  List,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  ANSWER_MAX,
  answerField,
  NO,
  passengerTypes,
  type TBookingAnswer,
  type TProductQuestion,
  YES,
} from '@trayecto/shared';
import { answerDisplay, passengerName } from '../../../lib/booking-answers';
import { unansweredFields } from './booking-answer-values';
import type { TBookingForm } from './booking-form-sections';
import { paxPayload } from './booking-form-values';

/** The mark of a required question, drawn by CSS (REQUIRED_FIELD) without `aria-required`: staff may leave it. */
const MARKED = { labelProps: { 'data-required': true } } as const;
const UNSET = 'unset';

type TAnswerInputProps = {
  question: TProductQuestion;
  field: string;
  value: string;
  error: string | undefined;
  readOnly: boolean;
  onChange: (value: string) => void;
};

/** One question's input, by kind. `data-path` lets a refusal (422) take the focus, as getInputProps does. */
function AnswerInput({ question: q, field, value, error, readOnly, onChange }: TAnswerInputProps) {
  const common = {
    label: q.label,
    description: q.help || undefined,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
    error,
    readOnly,
    ...(q.required ? MARKED : {}),
  };
  switch (q.kind) {
    case 'number':
      return (
        <NumberInput
          {...common}
          data-path={field}
          value={value === '' ? '' : Number(value)}
          onChange={(v) => onChange(v === '' || v === null || v === undefined ? '' : String(v))}
          decimalSeparator=","
          thousandSeparator=""
          allowDecimal
          decimalScale={6}
          hideControls
        />
      );
    case 'date':
      return (
        <DateInput
          {...common}
          data-path={field}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          valueFormat="DD/MM/YYYY"
          placeholder="dd/mm/aaaa"
          clearable={!readOnly}
          popoverProps={{ withinPortal: true }}
        />
      );
    case 'yes_no':
      return (
        <Radio.Group
          {...common}
          value={value === YES || value === NO ? value : UNSET}
          onChange={(v) => !readOnly && onChange(v === UNSET ? '' : v)}
        >
          <Group gap="lg" mt={6} wrap="wrap">
            <Radio value={YES} label="Sí" data-path={field} disabled={readOnly && value !== YES} />
            <Radio value={NO} label="No" disabled={readOnly && value !== NO} />
            <Radio value={UNSET} label="Sin responder" disabled={readOnly && Boolean(value)} />
          </Group>
        </Radio.Group>
      );
    case 'choice': {
      const data = q.options.map((o) => ({ value: o, label: o }));
      // An option renamed since it was answered: the stored text stays choosable as it was.
      if (value && !q.options.includes(value)) data.unshift({ value, label: value });
      return (
        <Select
          {...common}
          data-path={field}
          data={data}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          placeholder="Elige una opción"
          clearable={!readOnly}
          allowDeselect
        />
      );
    }
    default:
      return (
        <TextInput
          {...common}
          data-path={field}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          maxLength={ANSWER_MAX}
          autoComplete="off"
        />
      );
  }
}

export function QuestionsSection({
  form,
  questions,
  orphans,
  readOnly,
}: {
  form: TBookingForm;
  questions: readonly TProductQuestion[];
  /** Stored answers to questions the product no longer asks. */
  orphans: readonly TBookingAnswer[];
  readOnly: boolean;
}) {
  const v = form.getValues();
  const types = passengerTypes(paxPayload(v.pax));
  const forBooking = questions.filter((q) => q.scope === 'booking');
  const forPassenger = questions.filter((q) => q.scope === 'passenger');
  const missing = unansweredFields(v.answers, questions, types.length).length;

  const setAnswer = (field: string, value: string) => {
    form.setFieldValue('answers', { ...form.getValues().answers, [field]: value });
    form.clearFieldError(field);
  };
  const input = (q: TProductQuestion, passenger: number | null) => {
    const field = answerField(q.id, passenger);
    return (
      <AnswerInput
        key={field}
        question={q}
        field={field}
        value={v.answers[field] ?? ''}
        error={form.errors[field] as string | undefined}
        readOnly={readOnly}
        onChange={(value) => setAnswer(field, value)}
      />
    );
  };

  return (
    <Stack gap="md">
      {questions.some((q) => q.required) ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconInfoCircle
            size={16}
            color="var(--mantine-color-dimmed)"
            style={{ flex: 'none', marginTop: 2 }}
            aria-hidden
          />
          <Text size="sm" c="dimmed">
            Las marcadas las tiene que responder el cliente; puedes guardar sin ellas y completarlas después.
            {missing > 0 ? (
              <>
                {' '}
                <Badge color="orange" variant="light" radius="sm" component="span" data-testid="answers-missing">
                  {missing} sin responder
                </Badge>
              </>
            ) : null}
          </Text>
        </Group>
      ) : null}

      {forBooking.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {forBooking.map((q) => input(q, null))}
        </SimpleGrid>
      ) : null}

      {forPassenger.length > 0 && types.length === 0 ? (
        <Text size="sm" c="dimmed">
          Indica primero cuántos pasajeros viajan: se pregunta a cada uno.
        </Text>
      ) : null}
      {forPassenger.length > 0
        ? types.map((_, i) => {
            const n = i + 1;
            const name = v.passengers[i]?.full_name.trim();
            return (
              <Fieldset
                key={n}
                variant="filled"
                radius="md"
                p="sm"
                legend={
                  <Text span size="sm" fw={700}>
                    {passengerName(n, types)}
                  </Text>
                }
              >
                {name ? (
                  <Text size="xs" c="dimmed" mt={-4} mb={6}>
                    {name}
                  </Text>
                ) : null}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {forPassenger.map((q) => input(q, n))}
                </SimpleGrid>
              </Fieldset>
            );
          })
        : null}

      {orphans.length > 0 ? (
        <Stack gap={4} data-testid="orphan-answers">
          <Text size="sm" fw={600}>
            Respuestas a preguntas que el producto ya no hace
          </Text>
          <List size="sm" spacing={2}>
            {orphans.map((a) => (
              <List.Item key={answerField(a.question_id, a.passenger)}>
                {a.passenger ? `${passengerName(a.passenger, types)} · ` : ''}
                {a.label}: <b>{answerDisplay(a)}</b>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
    </Stack>
  );
}
