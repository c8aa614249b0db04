import { render, screen, within } from '@testing-library/react';
import type { TPublicProduct } from '@trayecto/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicBooking, readableText, spanishFragments } from '../existing-booking/test-booking';
import { setDictionary } from '../i18n';
import en from '../i18n/dict/en';
import es from '../i18n/dict/es';
import fr from '../i18n/dict/fr';
import { getProduct } from '../lib/api';
import { navigate } from '../lib/navigation';
import { AccessibilityPage } from './accessibility-page';

vi.mock('../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/api')>()),
  getProduct: vi.fn(),
}));

const spanish = spanishFragments(es.statement);

afterEach(() => setDictionary('es', es));

describe('the accessibility statement', () => {
  it('in Spanish by default, with its date', async () => {
    navigate('/public/accesibilidad');
    render(<AccessibilityPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Declaración de accesibilidad' })).toBeInTheDocument();
    expect(screen.getByText(/^Esta declaración se preparó el 23 de noviembre de 2026/)).toBeInTheDocument();
    expect(spanish.filter((s) => readableText().includes(s)).length).toBeGreaterThan(10);
  });

  it('in French: the same facts, the law names as they are, the date in French', () => {
    setDictionary('fr', fr);
    navigate('/public/accesibilidad');
    render(<AccessibilityPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Déclaration d’accessibilité' })).toBeInTheDocument();
    expect(screen.getByText('partiellement conformes')).toBeInTheDocument();
    const text = readableText();
    for (const fact of ['WCAG', '2.2', 'EN 301 549', 'Ley 11/2023', '(UE) 2019/882', 'axe-core', 'comunidad autónoma'])
      expect(text).toContain(fact);
    expect(text).toContain('établie le 23 novembre 2026');
    expect(spanish.filter((s) => text.includes(s))).toEqual([]);
  });

  it("in English from an operator's page: its contact, the e-mail's subject and the way back in English", async () => {
    setDictionary('en', en);
    const b = publicBooking();
    vi.mocked(getProduct).mockResolvedValue({ tour_operator: b.tour_operator } as TPublicProduct);
    // Chosen on the operator's page (`?lang=en` there): the way back keeps it.
    navigate('/public/accesibilidad?desde=%2Fpublic%2Flanding%2Fp-1&lang=en');
    render(<AccessibilityPage />);
    // The footer has the operator's contact too: the statement's own links.
    const article = (await screen.findByRole('heading', { level: 1 })).closest('article') as HTMLElement;
    const email = await within(article).findByRole('link', { name: 'reservas@teideaventura.demo' });
    expect(email).toHaveAttribute('href', 'mailto:reservas@teideaventura.demo?subject=Accessibility');
    expect(within(article).getByRole('link', { name: '+34 922 123 456' })).toHaveAttribute('href', 'tel:+34922123456');
    expect(email.closest('p')).toHaveTextContent(
      'If you come across a barrier or need the information in another format, write to Teide Aventura at reservas@teideaventura.demo or call +34 922 123 456. Tell us the page',
    );
    expect(screen.getByText(/^Teide Aventura wants everyone/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to the previous page' })[0]).toHaveAttribute(
      'href',
      '/public/landing/p-1?lang=en',
    );
    expect(spanish.filter((s) => readableText().includes(s))).toEqual([]);
  });
});
