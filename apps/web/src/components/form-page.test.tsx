import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { FormSaveBar, FormSectionCard, revealField, scrollToSection } from './form-page';

const renderAt = (element: React.ReactNode) => renderRoutes([{ path: '/', element }], '/');

describe('form page pieces', () => {
  it('a section card: anchored by its id, titled, with its errors and "Solo lectura" in its corner', () => {
    renderAt(
      <>
        <FormSectionCard id="tarifas" title="Tarifas" description="Impuestos incluidos." errorCount={2} locked>
          <input aria-label="Adulto" />
        </FormSectionCard>
        <FormSectionCard id="capacidad" title="Capacidad y reservas" errorCount={1}>
          <input aria-label="Plazas" />
        </FormSectionCard>
        <FormSectionCard id="cliente" title="Cliente">
          <input aria-label="Nombre" />
        </FormSectionCard>
      </>,
    );
    const prices = document.getElementById('tarifas') as HTMLElement;
    expect(within(prices).getByRole('heading', { name: 'Tarifas' })).toBeInTheDocument();
    expect(prices).toHaveTextContent('Impuestos incluidos.');
    expect(prices).toHaveTextContent('2 errores');
    expect(prices).toHaveTextContent('Solo lectura');
    expect(within(prices).getByLabelText('Adulto')).toBeInTheDocument();

    const capacity = document.getElementById('capacidad') as HTMLElement;
    expect(capacity).toHaveTextContent('1 error');
    expect(capacity).not.toHaveTextContent('Solo lectura');

    const customer = document.getElementById('cliente') as HTMLElement;
    expect(customer).not.toHaveTextContent(/error/);
  });

  it('a step card: its number before the title, a tick once done', () => {
    renderAt(
      <>
        <FormSectionCard id="producto" title="Producto" step={1} done>
          <p>a</p>
        </FormSectionCard>
        <FormSectionCard id="salida" title="Fecha y hora" step={2}>
          <p>b</p>
        </FormSectionCard>
      </>,
    );
    const done = document.querySelector('#producto [aria-hidden][data-done]');
    expect(done?.querySelector('svg')).not.toBeNull();
    const next = document.querySelector('#salida [aria-hidden]') as HTMLElement;
    expect(next).toHaveTextContent('2');
    expect(next).not.toHaveAttribute('data-done');
    expect(within(document.getElementById('salida') as HTMLElement).getByRole('heading')).toHaveTextContent(
      'Fecha y hora',
    );
  });

  it('the save bar: nothing pending, then unsaved changes and errors; back to the list', () => {
    renderAt(
      <form>
        <FormSaveBar dirty={false} isNew={false} errorCount={0} backTo="/products" saving={false} />
      </form>,
    );
    const bar = document.querySelector('[data-action-bar]') as HTMLElement;
    expect(bar).toHaveTextContent('Sin cambios pendientes.');
    expect(within(bar).getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/products');
    expect(within(bar).getByRole('button', { name: 'Guardar' })).toHaveAttribute('type', 'submit');
  });

  it('the save bar with unsaved changes, errors, a summary and its own save label', () => {
    renderAt(
      <form>
        <FormSaveBar
          dirty
          isNew
          errorCount={3}
          backTo="/booking"
          saving={false}
          saveLabel="Guardar reserva"
          summary={<span data-testid="bar-total">Total 90,00 €</span>}
        />
      </form>,
    );
    const bar = document.querySelector('[data-action-bar]') as HTMLElement;
    expect(bar).toHaveTextContent('Cambios sin guardar');
    expect(bar).toHaveTextContent('3 campos con errores');
    expect(screen.getByTestId('bar-total')).toHaveTextContent('Total 90,00 €');
    expect(within(bar).getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/booking');
    expect(within(bar).getByRole('button', { name: 'Guardar reserva' })).toBeInTheDocument();
  });

  it('a new record says how to start; one error is said in the singular', () => {
    renderAt(
      <form>
        <FormSaveBar dirty={false} isNew errorCount={1} backTo="/products" saving={false} />
      </form>,
    );
    const bar = document.querySelector('[data-action-bar]') as HTMLElement;
    expect(bar).toHaveTextContent('Rellena los datos y guarda.');
    expect(bar).toHaveTextContent('1 campo con errores');
  });

  it('reveals the field to fix, or its section when it has no input', () => {
    document.body.innerHTML = '<section id="recogidas"></section><input id="name" />';
    const input = document.getElementById('name') as HTMLInputElement;
    const section = document.getElementById('recogidas') as HTMLElement;
    input.scrollIntoView = vi.fn();
    section.scrollIntoView = vi.fn();

    revealField(input, 'recogidas');
    expect(document.activeElement).toBe(input);
    expect(input.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
    expect(section.scrollIntoView).not.toHaveBeenCalled();

    revealField(null, 'recogidas');
    expect(section.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(section);
  });

  it("the sections' index takes the keyboard to the section: its heading has the focus", () => {
    renderAt(
      <FormSectionCard id="tarifas" title="Tarifas">
        <input aria-label="Adulto" />
      </FormSectionCard>,
    );
    const section = document.getElementById('tarifas') as HTMLElement;
    section.scrollIntoView = vi.fn();
    scrollToSection('tarifas');
    const heading = within(section).getByRole('heading', { name: 'Tarifas' });
    expect(section.scrollIntoView).toHaveBeenCalled();
    expect(document.activeElement).toBe(heading);
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('the save bar is a bar of actions the notifications keep clear of', () => {
    renderAt(<FormSaveBar dirty={false} isNew={false} errorCount={0} backTo="/booking" saving={false} />);
    const bar = screen.getByRole('button', { name: 'Guardar' }).closest('[data-action-bar]');
    expect(bar).not.toBeNull();
  });
});
