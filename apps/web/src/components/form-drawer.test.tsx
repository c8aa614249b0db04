import { TextInput } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderRoutes } from '../test/render';
import { useRecordForm } from './form-drawer';

type TRecord = { id: string; name: string; updated_at?: string };

const ANA: TRecord = { id: 'a', name: 'Ana' };
const BEA: TRecord = { id: 'b', name: 'Bea' };

function mutation(result: (payload: { name: string }) => TRecord | ApiError) {
  return {
    isPending: false,
    mutate: vi.fn(
      (variables: unknown, handlers: { onSuccess: (r: TRecord) => void; onError: (e: ApiError) => void }) => {
        const payload = (variables as { payload?: { name: string } }).payload ?? (variables as { name: string });
        const answer = result(payload);
        if (answer instanceof ApiError) handlers.onError(answer);
        else handlers.onSuccess(answer);
      },
    ),
  };
}

function Harness({ create, update }: { create: ReturnType<typeof mutation>; update: ReturnType<typeof mutation> }) {
  const [shown, setShown] = useState<{ opened: boolean; record: TRecord | null }>({ opened: true, record: ANA });
  const { form, formProps } = useRecordForm({
    opened: shown.opened,
    record: shown.record,
    initialValues: () => ({ name: shown.record?.name ?? '' }),
    validate: (v) => (v.name ? {} : { name: 'Campo requerido' }),
    fields: ['name'],
    save: {
      create,
      update,
      createPayload: (v) => v,
      updatePayload: (v) => v,
      notice: (saved) => ['Guardado', saved.name],
    },
    onClose: () => setShown((s) => ({ ...s, opened: false })),
  });
  return (
    <>
      {shown.opened ? (
        <form onSubmit={formProps.onSubmit} noValidate>
          <TextInput label="Nombre" {...form.getInputProps('name')} />
          <p>{formProps.serverError}</p>
          <button type="submit">Guardar</button>
        </form>
      ) : null}
      <button type="button" onClick={() => setShown((s) => ({ ...s, opened: false }))}>
        Cerrar sin guardar
      </button>
      <button type="button" onClick={() => setShown({ opened: true, record: BEA })}>
        Abrir Bea
      </button>
    </>
  );
}

const renderHarness = (create = mutation((p) => ({ id: 'n', ...p })), update = mutation((p) => ({ id: 'a', ...p }))) =>
  renderRoutes([{ path: '/', element: <Harness create={create} update={update} /> }], '/');

describe('useRecordForm (components/form-drawer.tsx)', () => {
  it('a record opened after closing with unsaved changes shows its own values, not the old typing', async () => {
    renderHarness();
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Ana María' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sin guardar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Abrir Bea' }));
    expect(await screen.findByLabelText('Nombre')).toHaveValue('Bea');
  });

  it('an existing record is updated with its id; the form closes when saved', async () => {
    const update = mutation((p) => ({ id: 'a', ...p }));
    renderHarness(undefined, update);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Ana María' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByLabelText('Nombre')).toBeNull());
    expect(update.mutate.mock.calls[0]?.[0]).toEqual({ id: 'a', payload: { name: 'Ana María' } });
  });

  it('PRODUCT §5: a 422 lands next to its field; what names no field goes above the form', async () => {
    const update = mutation(
      () => new ApiError(422, 'Revisa los campos marcados.', { name: ['Ya existe'], other: ['Algo más'] }),
    );
    renderHarness(undefined, update);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya existe')).toBeInTheDocument();
    expect(screen.getByText('Algo más')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveFocus();
  });
});
