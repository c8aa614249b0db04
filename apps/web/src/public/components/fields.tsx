import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { t } from '../i18n';
import { IconAlert } from './icons';
import './fields.css';

type Common = { id: string; label: string; error?: string; hint?: ReactNode; required?: boolean; className?: string };

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

/** After a field's label: "*" (required, read from `aria-required`), else "(opcional)". */
function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span className="pub-required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : (
    <span className="pub-optional"> {t().common.fields.optional}</span>
  );
}

function Wrap({ id, label, error, hint, required, className, children }: Common & { children: ReactNode }) {
  return (
    <div className={`pub-field ${error ? 'pub-field-invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      {children}
      <FieldFooter id={id} hint={hint} error={error} />
    </div>
  );
}

/** What follows a field: its hint and its error, each with the id the input's aria-describedby names. */
function FieldFooter({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p className="pub-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p className="pub-error" id={id}>
      <IconAlert size={16} />
      <span>{error}</span>
    </p>
  );
}

export function TextField({
  id,
  label,
  error,
  hint,
  required,
  className,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <Wrap {...{ id, label, error, hint, required, className }}>
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </Wrap>
  );
}

export function TextArea({
  id,
  label,
  error,
  hint,
  required,
  className,
  ...input
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <Wrap {...{ id, label, error, hint, required, className }}>
      <textarea
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </Wrap>
  );
}

export function SelectField({
  id,
  label,
  error,
  hint,
  required,
  className,
  children,
  ...select
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return (
    <Wrap {...{ id, label, error, hint, required, className }}>
      <select
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {children}
      </select>
    </Wrap>
  );
}

/**
 * One choice among a few, as radio buttons in a group named by its label (yes/no, a short list): a
 * `radiogroup`, not a fieldset, so it can say it is required (`aria-required`) and invalid. The
 * first button has the field's `id`, so focusing the field on an error lands on the group.
 */
export function RadioGroupField({
  id,
  label,
  error,
  hint,
  required,
  className,
  options,
  value,
  onChange,
}: Common & { options: { value: string; label: string }[]; value: string; onChange: (value: string) => void }) {
  return (
    <div
      className={`pub-field pub-radio-field ${error ? 'pub-field-invalid' : ''} ${className ?? ''}`}
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, error, hint)}
    >
      <span className="pub-radio-label" id={`${id}-label`}>
        {label}
        <RequiredMark required={required} />
      </span>
      <div className="pub-radios">
        {options.map((o, k) => (
          <label key={o.value} className="pub-radio">
            <input
              type="radio"
              id={k === 0 ? id : `${id}-${k}`}
              name={id}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldFooter id={id} hint={hint} error={error} />
    </div>
  );
}

/** The acceptance of the operator's terms: a checkbox, the terms readable in a <details>. */
export function TermsCheckbox({
  id,
  checked,
  onChange,
  error,
  operatorName,
  terms,
  termsLang,
  cancellation,
}: {
  id: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  error?: string;
  operatorName: string;
  terms: string;
  /** The terms' language when they fell back to another one (`content_locales.booking_terms`). */
  termsLang?: string;
  cancellation?: string;
}) {
  const text = t().common.fields;
  return (
    <div className={`pub-terms ${error ? 'pub-field-invalid' : ''}`}>
      <label className="pub-check" htmlFor={id}>
        <input
          id={id}
          name={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{text.acceptTerms(operatorName)}</span>
      </label>
      {(terms || cancellation) && (
        <details className="pub-details">
          <summary>{text.readTerms}</summary>
          {cancellation && <p>{cancellation}</p>}
          {terms && (
            <p className="pub-prewrap" lang={termsLang}>
              {terms}
            </p>
          )}
        </details>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
