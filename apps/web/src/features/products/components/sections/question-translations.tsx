import { Divider, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  hasText,
  languageName,
  QUESTION_HELP_MAX,
  QUESTION_LABEL_MAX,
  QUESTION_OPTION_MAX,
  type TPublicLocale,
} from '@trayecto/shared';
import type { ReactNode } from 'react';
import classes from './sections.module.css';
import type { TSectionProps } from './types';

/**
 * The booking questions in one language (issue 33 item 3), inside its tab of «Idiomas y
 * traducciones»: each question's label, its help (when it has one) and a choice's options, the
 * original under each input. What is left empty is asked in the default language.
 */
export function QuestionTranslationFields({
  form,
  readOnly,
  locale,
  baseLocale,
  original,
}: TSectionProps & {
  locale: TPublicLocale;
  baseLocale: TPublicLocale;
  /** The original text under an input (the translations section's own). */
  original: (base: string) => ReactNode;
}) {
  const { questions } = form.getValues();
  if (questions.length === 0) return null;
  const lang = languageName(locale).toLocaleLowerCase('es');
  const base = languageName(baseLocale).toLocaleLowerCase('es');
  const ro = readOnly ? ({ readOnly: true } as const) : {};
  const placeholder = (text: string) => (readOnly || !hasText(text) ? '' : `Sin traducir: se pregunta en ${base}`);

  return (
    <Stack gap="sm" style={{ gridColumn: '1 / -1' }}>
      <Divider
        label={
          <Text size="sm" fw={600} c="dark">
            Preguntas al reservar ({lang})
          </Text>
        }
        labelPosition="left"
        mt="xs"
      />
      {questions.map((q, i) => {
        const at = `questions.${i}` as const;
        const t = q.translations[locale];
        const showHelp = hasText(q.help) || hasText(t.help);
        return (
          <fieldset key={q.key} className={classes.card} aria-label={`Traducción de la pregunta ${i + 1} al ${lang}`}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <TextInput
                label={`Pregunta ${i + 1} (${lang})`}
                description={original(q.label)}
                placeholder={placeholder(q.label)}
                maxLength={QUESTION_LABEL_MAX}
                style={showHelp ? undefined : { gridColumn: '1 / -1' }}
                {...ro}
                {...form.getInputProps(`${at}.translations.${locale}.label`)}
              />
              {showHelp ? (
                <TextInput
                  label={`Ayuda (${lang})`}
                  description={original(q.help)}
                  placeholder={placeholder(q.help)}
                  maxLength={QUESTION_HELP_MAX}
                  {...ro}
                  {...form.getInputProps(`${at}.translations.${locale}.help`)}
                />
              ) : null}
              {q.kind === 'choice'
                ? q.options.map((o, j) => (
                    <TextInput
                      key={o.key}
                      label={`Opción ${j + 1} (${lang})`}
                      description={original(o.text)}
                      placeholder={placeholder(o.text)}
                      maxLength={QUESTION_OPTION_MAX}
                      {...ro}
                      {...form.getInputProps(`${at}.options.${j}.translations.${locale}`)}
                    />
                  ))
                : null}
            </SimpleGrid>
          </fieldset>
        );
      })}
    </Stack>
  );
}
