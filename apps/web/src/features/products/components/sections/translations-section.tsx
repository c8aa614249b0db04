import {
  Alert,
  Badge,
  Group,
  Input,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import {
  hasText,
  isPublicLocale,
  languageName,
  PRODUCT_BOOKING_TERMS_MAX,
  type TPublicLocale,
  type TTranslationProgress,
  translationProgressLabel,
} from '@trayecto/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { questionTranslationLocale } from '../product-form-sections';
import { formTranslationProgress, type TProductFormValues, textsOf } from '../product-form-values';
import { TextListField } from '../text-list-field';
import { QuestionTranslationFields } from './question-translations';
import type { TSectionProps } from './types';

const RichTextField = lazy(() => import('../rich-text-field').then((m) => ({ default: m.RichTextField })));

/** The languages of the product's operator: the one its texts are written in and the ones it sells in. */
export type TProductLanguages = { default: TPublicLocale; offered: TPublicLocale[] };

/** "Alemán" → "alemán" (inside a sentence or a label). */
const lower = (locale: string) => languageName(locale).toLocaleLowerCase('es');

/** The languages to translate into: the offered ones but the default, in the operator's order. */
export function translationLocales(languages: TProductLanguages): TPublicLocale[] {
  return languages.offered.filter((l) => l !== languages.default);
}

/** Stored translations of languages the operator no longer offers (kept, not edited here). */
function otherTranslated(v: TProductFormValues, languages: TProductLanguages): TPublicLocale[] {
  return (Object.keys(v.translations) as TPublicLocale[]).filter(
    (l) =>
      isPublicLocale(l) &&
      l !== languages.default &&
      !languages.offered.includes(l) &&
      Object.values(textsOf(v.translations[l])).some((text) => hasText(text)),
  );
}

const progressColor = (p: TTranslationProgress) =>
  p.total === 0 ? 'gray' : p.done === p.total ? 'teal' : p.done === 0 ? 'gray' : 'yellow';

/** "6/9" in a language's tab: the tab reads "Alemán 6/9". */
function ProgressBadge({ progress }: { progress: TTranslationProgress }) {
  return (
    <Badge size="sm" variant="light" radius="sm" color={progressColor(progress)}>
      {progress.done}/{progress.total}
    </Badge>
  );
}

/** One language's bar: "Alemán 6/9" over a progress bar named "Traducción al alemán: 6 de 9 textos". */
function LanguageProgress({ locale, progress }: { locale: TPublicLocale; progress: TTranslationProgress }) {
  const label = translationProgressLabel(locale, progress);
  const pct = progress.total === 0 ? 0 : Math.round((progress.done / progress.total) * 100);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {languageName(locale)}
        </Text>
        <Text size="sm" c="dimmed" aria-hidden>
          {progress.done}/{progress.total}
        </Text>
      </Group>
      <Progress.Root size="sm" radius="xl">
        <Progress.Section
          value={pct}
          color={progressColor(progress)}
          withAria={false}
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.done}
          aria-valuetext={label}
        />
      </Progress.Root>
    </Stack>
  );
}

/** The original text under a translation's input, so the translator sees the source. */
function Original({ base, baseLocale, emptyNote }: { base: string; baseLocale: string; emptyNote?: string }) {
  if (!hasText(base)) return <>{emptyNote ?? `Sin texto en ${lower(baseLocale)}: no hace falta traducirlo.`}</>;
  return (
    <Text span size="xs" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
      Original: {base}
    </Text>
  );
}

/** HTML → its text, for the description's original (never rendered as HTML). */
export function htmlText(html: string): string {
  return html
    .replace(/<\/(p|h2|h3|li|blockquote)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** Every translatable text of the product in one language, each with its original. */
function TranslationFields({
  form,
  readOnly,
  locale,
  baseLocale,
}: TSectionProps & { locale: TPublicLocale; baseLocale: TPublicLocale }) {
  const v = form.getValues();
  const t = v.translations[locale];
  const path = (field: string) => `translations.${locale}.${field}` as const;
  const inLang = (label: string) => `${label} (${lower(locale)})`;
  const ro = readOnly ? ({ readOnly: true } as const) : {};
  const original = (base: string, emptyNote?: string) => (
    <Original base={base} baseLocale={baseLocale} emptyNote={emptyNote} />
  );
  const listOriginal = (items: { text: string }[]) => original(items.map((i) => i.text).join(' · '));
  const termsNote = 'El producto usa las condiciones del tour operador: se traducen en los datos del tour operador.';
  // Empty, the customer reads the original: the placeholder says so (the original is the hint above).
  const placeholder = (base: string) =>
    readOnly || !hasText(base) ? '' : `Sin traducir: se muestra en ${lower(baseLocale)}`;
  const nextItem = (base: { text: string }[], done: number) =>
    base[done] ? `Traduce: ${base[done].text}` : 'Añade un elemento';

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" pt="md">
      <TextInput
        label={inLang('Nombre')}
        description={original(v.name)}
        placeholder={placeholder(v.name)}
        maxLength={150}
        style={{ gridColumn: '1 / -1' }}
        {...ro}
        {...form.getInputProps(path('name'))}
      />
      <Textarea
        label={inLang('Descripción corta')}
        description={original(v.short_description)}
        placeholder={placeholder(v.short_description)}
        autosize
        minRows={2}
        maxRows={4}
        maxLength={300}
        style={{ gridColumn: '1 / -1' }}
        {...ro}
        {...form.getInputProps(path('short_description'))}
      />
      <div style={{ gridColumn: '1 / -1' }}>
        <Suspense fallback={<Skeleton h={220} radius="md" aria-label="Cargando el editor" />}>
          <RichTextField
            key={locale}
            label={inLang('Descripción')}
            description={original(htmlText(v.description))}
            value={t.description}
            onChange={(html) => form.setFieldValue(path('description'), html)}
            error={form.errors[path('description')]}
            readOnly={readOnly}
          />
        </Suspense>
      </div>
      <TextListField
        form={form}
        field={path('includes')}
        label={inLang('Incluye')}
        description={listOriginal(v.includes)}
        placeholder={nextItem(v.includes, t.includes.length)}
        readOnly={readOnly}
        tone="include"
      />
      <TextListField
        form={form}
        field={path('excludes')}
        label={inLang('No incluye')}
        description={listOriginal(v.excludes)}
        placeholder={nextItem(v.excludes, t.excludes.length)}
        readOnly={readOnly}
        tone="exclude"
      />
      <TextListField
        form={form}
        field={path('what_to_bring')}
        label={inLang('Qué llevar')}
        description={listOriginal(v.what_to_bring)}
        placeholder={nextItem(v.what_to_bring, t.what_to_bring.length)}
        readOnly={readOnly}
        tone="bring"
      />
      <Textarea
        label={inLang('Punto de encuentro')}
        description={original(v.meeting_point)}
        placeholder={placeholder(v.meeting_point)}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={300}
        {...ro}
        {...form.getInputProps(path('meeting_point'))}
      />
      <Textarea
        label={inLang('Notas de recogida')}
        description={original(v.pickup_notes)}
        placeholder={placeholder(v.pickup_notes)}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={1000}
        {...ro}
        {...form.getInputProps(path('pickup_notes'))}
      />
      {hasText(v.booking_terms) || hasText(t.booking_terms) ? (
        <Textarea
          label={inLang('Condiciones de la reserva')}
          description={original(v.booking_terms, termsNote)}
          placeholder={placeholder(v.booking_terms)}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={PRODUCT_BOOKING_TERMS_MAX}
          style={{ gridColumn: '1 / -1' }}
          {...ro}
          {...form.getInputProps(path('booking_terms'))}
        />
      ) : (
        // No terms of its own: the operator's apply, translated in its own form.
        <Input.Wrapper label={inLang('Condiciones de la reserva')} style={{ gridColumn: '1 / -1' }}>
          <Text size="sm" c="dimmed" mt={4}>
            {termsNote}
          </Text>
        </Input.Wrapper>
      )}
      <QuestionTranslationFields
        form={form}
        readOnly={readOnly}
        locale={locale}
        baseLocale={baseLocale}
        original={(base) => original(base)}
      />
    </SimpleGrid>
  );
}

/**
 * "Idiomas y traducciones" (issue 15): the product's texts in every language its operator sells in
 * other than the default one (a tab each), with how complete each language is. What is left
 * untranslated falls back to the default language on the public pages.
 */
export function TranslationsSection({
  form,
  readOnly,
  languages,
  operatorName,
}: TSectionProps & {
  /** null: not known yet (loading, or the administrator has not chosen the operator). */
  languages: TProductLanguages | null;
  operatorName?: string;
}) {
  const locales = languages ? translationLocales(languages) : [];
  const [active, setActive] = useState<string | null>(locales[0] ?? null);
  const current = active && locales.includes(active as TPublicLocale) ? active : (locales[0] ?? null);

  // An error in another language's tab brings that tab forward (on save, or from the server).
  const errorLocales = locales.filter((l) =>
    Object.entries(form.errors).some(
      ([k, msg]) => msg && (k.startsWith(`translations.${l}.`) || questionTranslationLocale(k) === l),
    ),
  );
  const errorKey = errorLocales.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the languages with errors change
  useEffect(() => {
    if (errorLocales.length && !(current && errorLocales.includes(current as TPublicLocale))) {
      setActive(errorLocales[0] ?? null);
    }
  }, [errorKey]);

  if (!languages) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
        Elige el tour operador para traducir el producto a sus idiomas.
      </Alert>
    );
  }
  const v = form.getValues();
  const owner = operatorName ? ` de ${operatorName}` : ' del tour operador';
  const kept = otherTranslated(v, languages);

  if (locales.length === 0) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
        Las páginas públicas{owner} solo se ofrecen en {lower(languages.default)}. Para traducir el producto, añade
        idiomas en los datos del tour operador («Idiomas de las páginas públicas»).
      </Alert>
    );
  }

  const progress = Object.fromEntries(locales.map((l) => [l, formTranslationProgress(v, l)])) as Record<
    TPublicLocale,
    TTranslationProgress
  >;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Los textos de las demás secciones están en {lower(languages.default)}, el idioma principal{owner}. Tradúcelos a
        los idiomas en los que vende: lo que quede sin traducir se muestra en {lower(languages.default)} en las páginas
        públicas, el bono y los mensajes. Las listas traducidas sustituyen a las originales enteras.
        {v.questions.length > 0 ? ' Las preguntas al reservar se traducen al final de cada idioma.' : ''}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(locales.length, 5) }} spacing="md">
        {locales.map((l) => (
          <LanguageProgress key={l} locale={l} progress={progress[l]} />
        ))}
      </SimpleGrid>
      {kept.length > 0 ? (
        <Text size="xs" c="dimmed">
          También hay textos en {kept.map(lower).join(', ')}, que el tour operador ya no ofrece: se conservan por si
          vuelve a ofrecerlos.
        </Text>
      ) : null}
      <Tabs value={current} onChange={setActive} keepMounted={false} variant="outline" radius="md">
        <Tabs.List aria-label="Idiomas de las traducciones">
          {locales.map((l) => (
            <Tabs.Tab
              key={l}
              value={l}
              rightSection={
                <Group gap={4} wrap="nowrap">
                  <ProgressBadge progress={progress[l]} />
                  {errorLocales.includes(l) ? (
                    <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-label="con errores" />
                  ) : null}
                </Group>
              }
            >
              {languageName(l)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {locales.map((l) => (
          <Tabs.Panel key={l} value={l}>
            <TranslationFields form={form} readOnly={readOnly} locale={l} baseLocale={languages.default} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
