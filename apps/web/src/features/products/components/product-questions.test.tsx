import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TProductResponse } from '@trayecto/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { json, loginAs } from '../../../test/session';
import { productFixture, TEST_OPERATOR_ID } from '../test-fixtures';
import { ProductEditScreen } from './product-form-screen';

const SWIM = '0d5f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b';
const HEARD = '1e6a2b3c-4d5e-4f6a-9b7c-8d9e0f1a2b3c';

const QUESTIONS: TProductResponse['questions'] = [
  {
    id: SWIM,
    scope: 'passenger',
    kind: 'yes_no',
    label: '¿Sabe nadar?',
    help: '',
    required: true,
    options: [],
    translations: {},
  },
  {
    id: HEARD,
    scope: 'booking',
    kind: 'choice',
    label: '¿Cómo nos has conocido?',
    help: '',
    required: false,
    options: ['Internet', 'Hotel'],
    translations: { de: { label: 'Wie haben Sie von uns erfahren?' } },
  },
];

const product = productFixture({ name: 'Catamarán', questions: QUESTIONS });

type TFetch = (url: string, init?: RequestInit) => Promise<Response>;

describe('product form: «Preguntas al reservar» (issue 33 item 3)', { timeout: 90_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn<TFetch>>;
  let putAnswer: () => Response;
  beforeEach(() => {
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => {}, removeEventListener: () => {} },
      });
    }
    putAnswer = () => json(200, { ...product, updated_at: '2026-01-03T10:00:00Z' });
    fetchMock = vi.fn<TFetch>(async (url, init) => {
      if (url.includes('/availability')) return json(200, []);
      if (url.includes('/tour-operators/')) return json(200, { id: TEST_OPERATOR_ID, name: 'Teide Aventura' });
      if (init?.method === 'PUT') return putAnswer();
      return json(200, product);
    });
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  const renderEdit = () =>
    renderRoutes([{ path: '/products/edit/:id', element: <ProductEditScreen /> }], '/products/edit/p-1');
  const questionList = () => screen.getByRole('list', { name: 'Preguntas al reservar' });
  const questionItem = (n: number) => screen.getByRole('listitem', { name: new RegExp(`^Pregunta ${n}:`) });
  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
  const sentBody = () => JSON.parse(String((puts()[0] as [string, RequestInit])[1].body));
  const chooseKind = async (item: HTMLElement, name: string) => {
    const select = within(item).getByRole('combobox', { name: 'Tipo de respuesta' });
    fireEvent.click(select);
    // This select's own list (Mantine keeps it in the DOM, hidden while it animates in happy-dom).
    const list = await waitFor(() => {
      const el = document.getElementById(select.getAttribute('aria-controls') ?? '');
      if (!el) throw new Error('no list yet');
      return el;
    });
    fireEvent.click(within(list).getByRole('option', { name, hidden: true }));
  };

  it('adds a per-passenger choice with its options, reorders and removes, and saves the ids back', async () => {
    loginAs(1);
    renderEdit();
    await screen.findByRole('list', { name: 'Preguntas al reservar' });
    // Stored questions show closed, in order, with what they are.
    expect(
      within(questionList())
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Pregunta 1: ¿Sabe nadar?', 'Pregunta 2: ¿Cómo nos has conocido?']);
    expect(within(questionItem(1)).getByText('Por cada pasajero')).toBeInTheDocument();
    expect(within(questionItem(1)).getByText('Obligatoria')).toBeInTheDocument();
    expect(within(questionItem(2)).getByText('Una opción de una lista · 2 opciones')).toBeInTheDocument();
    expect(screen.queryByText(/Pregunta lo que necesitas saber al reservar/)).toBeNull();

    // Add: a new question opens with the focus in its label.
    fireEvent.click(screen.getByRole('button', { name: 'Añadir pregunta' }));
    const added = questionItem(3);
    const label = within(added).getByLabelText('Pregunta');
    await waitFor(() => expect(label).toHaveFocus());
    expect(label).toHaveAttribute('aria-required', 'true');
    fireEvent.change(label, { target: { value: 'Menú' } });
    fireEvent.change(within(questionItem(3)).getByLabelText('Ayuda'), { target: { value: 'Para el almuerzo.' } });
    await chooseKind(questionItem(3), 'Una opción de una lista');
    // A choice starts with two options to fill.
    const options = () => within(questionItem(3)).getByRole('group', { name: 'Opciones de «Menú»' });
    expect(within(options()).getAllByRole('textbox')).toHaveLength(2);
    fireEvent.change(within(options()).getByLabelText('Opción 1'), { target: { value: 'Carne' } });
    fireEvent.change(within(options()).getByLabelText('Opción 2'), { target: { value: 'Vegetariano' } });
    // Enter in the last option adds another (and does not send the form).
    fireEvent.keyDown(within(options()).getByLabelText('Opción 2'), { key: 'Enter' });
    const third = await within(options()).findByLabelText('Opción 3');
    await waitFor(() => expect(third).toHaveFocus());
    fireEvent.change(third, { target: { value: 'Pescado' } });
    // Reorder: Pescado goes first; remove Carne.
    fireEvent.click(within(options()).getByRole('button', { name: 'Subir la opción 3' }));
    fireEvent.click(within(options()).getByRole('button', { name: 'Subir la opción 2' }));
    expect(within(options()).getByLabelText('Opción 1')).toHaveValue('Pescado');
    fireEvent.click(within(options()).getByRole('button', { name: 'Quitar la opción 2' }));
    expect(
      within(options())
        .getAllByRole('textbox')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['Pescado', 'Vegetariano']);
    // Two left: none can be removed.
    expect(within(options()).getByRole('button', { name: 'Quitar la opción 1' })).toBeDisabled();
    fireEvent.click(within(questionItem(3)).getByRole('radio', { name: 'Por cada pasajero' }));
    fireEvent.click(within(questionItem(3)).getByRole('switch', { name: /^Obligatoria/ }));

    // Move the new question up (keyboard: the focus follows it), remove «¿Sabe nadar?».
    fireEvent.click(screen.getByRole('button', { name: 'Subir «Menú»' }));
    expect(questionItem(2)).toHaveAccessibleName('Pregunta 2: Menú');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subir «Menú»' })).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'Quitar «¿Sabe nadar?»' }));
    expect(
      within(questionList())
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Pregunta 1: Menú', 'Pregunta 2: ¿Cómo nos has conocido?']);

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(sentBody().questions).toEqual([
      {
        scope: 'passenger',
        kind: 'choice',
        label: 'Menú',
        help: 'Para el almuerzo.',
        required: true,
        options: ['Pescado', 'Vegetariano'],
        translations: {},
      },
      {
        id: HEARD,
        scope: 'booking',
        kind: 'choice',
        label: '¿Cómo nos has conocido?',
        help: '',
        required: false,
        options: ['Internet', 'Hotel'],
        translations: { de: { label: 'Wie haben Sie von uns erfahren?' } },
      },
    ]);
  });

  it('translates each question in a language’s tab, the original under each input, counted in its completeness', async () => {
    loginAs(1);
    renderEdit();
    const tab = await screen.findByRole('tab', { name: /Alemán/ });
    // 1 name + 2 labels + 1 list of options; the label of «¿Cómo nos has conocido?» is done.
    expect(tab).toHaveTextContent('Alemán1/4');
    fireEvent.click(tab);
    const swim = await screen.findByRole('group', { name: 'Traducción de la pregunta 1 al alemán' });
    const swimLabel = within(swim).getByLabelText('Pregunta 1 (alemán)');
    expect(swimLabel).toHaveAttribute('placeholder', 'Sin traducir: se pregunta en español');
    expect(within(swim).getByText('Original: ¿Sabe nadar?')).toBeInTheDocument();
    // Yes/no has no options; no help to translate either.
    expect(within(swim).queryByLabelText(/Opción/)).toBeNull();
    expect(within(swim).queryByLabelText('Ayuda (alemán)')).toBeNull();
    fireEvent.change(swimLabel, { target: { value: 'Können Sie schwimmen?' } });

    const heard = screen.getByRole('group', { name: 'Traducción de la pregunta 2 al alemán' });
    expect(within(heard).getByLabelText('Pregunta 2 (alemán)')).toHaveValue('Wie haben Sie von uns erfahren?');
    expect(within(heard).getByText('Original: Hotel')).toBeInTheDocument();
    fireEvent.change(within(heard).getByLabelText('Opción 1 (alemán)'), { target: { value: 'Internet' } });
    await waitFor(() => expect(tab).toHaveTextContent('Alemán2/4'));
    // The options count once every one is translated.
    fireEvent.change(within(heard).getByLabelText('Opción 2 (alemán)'), { target: { value: 'Hotel (DE)' } });
    await waitFor(() => expect(tab).toHaveTextContent('Alemán3/4'));
    expect(screen.getByRole('progressbar', { name: 'Traducción al alemán: 3 de 4 textos' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const [swimSent, heardSent] = sentBody().questions;
    expect(swimSent).toMatchObject({ id: SWIM, translations: { de: { label: 'Können Sie schwimmen?' } } });
    expect(heardSent).toMatchObject({
      id: HEARD,
      translations: { de: { label: 'Wie haben Sie von uns erfahren?', options: ['Internet', 'Hotel (DE)'] } },
    });
  });

  it('says what is wrong at each field and sends nothing: the label, empty and repeated options', async () => {
    loginAs(1);
    renderEdit();
    await screen.findByRole('list', { name: 'Preguntas al reservar' });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir pregunta' }));
    await chooseKind(questionItem(3), 'Una opción de una lista');
    // The stored choice gets a repeated option.
    fireEvent.click(screen.getByRole('button', { name: 'Editar «¿Cómo nos has conocido?»' }));
    fireEvent.change(within(questionItem(2)).getByLabelText('Opción 2'), { target: { value: 'internet' } });
    // Closed again: its error opens it by itself on save.
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar «¿Cómo nos has conocido?»' }));
    expect(within(questionItem(2)).queryByLabelText('Opción 2')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await within(questionItem(2)).findByText('Opciones repetidas')).toBeInTheDocument();
    const added = questionItem(3);
    expect(within(added).getByLabelText('Pregunta')).toHaveAttribute('aria-invalid', 'true');
    expect(within(added).getByLabelText('Opción 1')).toHaveAttribute('aria-invalid', 'true');
    expect(within(added).getAllByText('Campo requerido')).toHaveLength(3);
    expect(screen.getByText('4 errores')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    // Back to free text: the options are no longer asked for.
    await chooseKind(questionItem(3), 'Texto');
    expect(within(questionItem(3)).queryByRole('group', { name: /Opciones/ })).toBeNull();
  });

  it('a 422 on a question goes to its field (the question opens) and a translated one brings its tab', async () => {
    loginAs(1);
    putAnswer = () =>
      json(422, {
        code: 'VALIDATION',
        message: 'Hay errores en los datos enviados',
        errors: {
          'questions.1.options': ['Opciones repetidas'],
          'questions.0.translations.de.label': ['Máximo 200 caracteres'],
        },
      });
    renderEdit();
    await screen.findByRole('list', { name: 'Preguntas al reservar' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await within(questionItem(2)).findByText('Opciones repetidas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar «¿Cómo nos has conocido?»' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await waitFor(() => expect(screen.getByRole('tab', { name: /Alemán/ })).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByLabelText('Pregunta 1 (alemán)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Máximo 200 caracteres')).toBeInTheDocument();
  });

  it('without questions: what they are for; a Vendedor only reads them', async () => {
    loginAs(1);
    fetchMock.mockImplementation(async (url) => {
      if (url.includes('/availability')) return json(200, []);
      if (url.includes('/tour-operators/')) return json(200, { id: TEST_OPERATOR_ID, name: 'Teide Aventura' });
      return json(200, { ...product, questions: [] });
    });
    const first = renderEdit();
    expect(
      await screen.findByText(/Pregunta lo que necesitas saber al reservar: alergias, tallas/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Preguntas al reservar' })).toBeNull();
    first.unmount();

    fetchMock.mockImplementation(async (url) => (url.includes('/availability') ? json(200, []) : json(200, product)));
    loginAs(2);
    renderEdit();
    await screen.findByRole('list', { name: 'Preguntas al reservar' });
    expect(screen.queryByRole('button', { name: 'Añadir pregunta' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Quitar «/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ver «¿Cómo nos has conocido?»' }));
    expect(within(questionItem(2)).getByLabelText('Pregunta')).toHaveAttribute('readonly');
    expect(within(questionItem(2)).getByLabelText('Opción 1')).toHaveAttribute('readonly');
    expect(within(questionItem(2)).queryByRole('button', { name: 'Añadir opción' })).toBeNull();
  });
});
