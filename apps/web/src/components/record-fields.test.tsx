import { useForm } from '@mantine/form';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../test/render';
import { DayField } from './day-field';
import { ChoiceSelect, PhoneField } from './record-fields';

const STATES = [
  { value: '1', label: 'Activo' },
  { value: '2', label: 'Inactivo' },
];

function Fields({ readOnly }: { readOnly: boolean }) {
  const form = useForm({ initialValues: { state: '1', type: '', phone: '+34 600 000 000', from: '2026-11-23' } });
  return (
    <>
      <ChoiceSelect
        data={STATES}
        hint="Los inactivos no se ofrecen al reservar."
        readOnly={readOnly}
        inputProps={form.getInputProps('state')}
      />
      <ChoiceSelect
        label="Tipo"
        placeholder="Elige un tipo"
        required
        data={[{ value: 'bus', label: 'Autobús' }]}
        readOnly={readOnly}
        inputProps={form.getInputProps('type')}
      />
      <PhoneField placeholder="+34 922 000 000" readOnly={readOnly} inputProps={form.getInputProps('phone')} />
      <DayField label="Desde" readOnly={readOnly} inputProps={form.getInputProps('from')} />
    </>
  );
}

const renderFields = (readOnly: boolean) =>
  render(
    <Providers>
      <Fields readOnly={readOnly} />
    </Providers>,
  );

describe('resource form fields', () => {
  it('editable: the choice with its hint, required marks, the phone as typed, the day in words', async () => {
    renderFields(false);
    const state = screen.getByRole('combobox', { name: 'Estado' });
    expect(state).toHaveValue('Activo');
    expect(screen.getByText('Los inactivos no se ofrecen al reservar.')).toBeInTheDocument();
    fireEvent.click(state);
    const option = await screen.findByRole('option', { name: 'Inactivo' });
    expect(option.closest('[data-hidden]')).toBeNull();

    const type = screen.getByRole('combobox', { name: 'Tipo' });
    expect(type).toHaveAttribute('placeholder', 'Elige un tipo');
    expect(type).toHaveAttribute('aria-required', 'true');
    expect(state).not.toHaveAttribute('aria-required');

    const phone = screen.getByLabelText('Teléfono');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('maxlength', '40');
    expect(phone).toHaveValue('+34 600 000 000');
    expect(phone).toHaveAttribute('placeholder', '+34 922 000 000');

    const day = screen.getByRole('button', { name: 'Desde' });
    expect(day).toHaveTextContent('lun, 23 nov 2026');
    expect(day).not.toHaveAttribute('data-read-only');
  });

  it('read-only: no hint, no required mark, nothing inviting to type', async () => {
    renderFields(true);
    const state = screen.getByRole('combobox', { name: 'Estado' });
    expect(state).toHaveValue('Activo');
    expect(screen.queryByText('Los inactivos no se ofrecen al reservar.')).toBeNull();
    // Mantine opens a read-only select's dropdown hidden (data-hidden): nothing to choose.
    fireEvent.click(state);
    const option = await screen.findByRole('option', { name: 'Inactivo' });
    expect(option.closest('[data-hidden]')).not.toBeNull();

    const type = screen.getByRole('combobox', { name: 'Tipo' });
    expect(type).not.toHaveAttribute('aria-required');
    expect(type).toHaveAttribute('placeholder', '');

    expect(screen.getByLabelText('Teléfono')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Desde' })).toHaveAttribute('data-read-only');
  });
});
