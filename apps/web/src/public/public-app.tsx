import { useEffect, useSyncExternalStore } from 'react';
import { matchPublicRoute, type TPublicMatch } from './match-route';
import { PublicNotFound, PublicPlaceholder } from './public-pages';

function subscribe(cb: () => void) {
  window.addEventListener('popstate', cb);
  return () => window.removeEventListener('popstate', cb);
}
const getPath = () => window.location.pathname;

const PLACEHOLDER_TEXT: Record<TPublicMatch['key'], { heading: string; lead: string }> = {
  publicLanding: {
    heading: 'Ficha de la excursión',
    lead: 'Aquí verás las fotos, la descripción, la duración, el punto de encuentro y el precio de la excursión, con un botón para reservar.',
  },
  publicBooking: {
    heading: 'Reserva tu excursión',
    lead: 'Aquí podrás elegir fecha, hora y número de personas, indicar tu hotel de recogida y confirmar tu reserva.',
  },
  publicBookingExisting: {
    heading: 'Tu reserva',
    lead: 'Aquí podrás revisar la reserva que te ha preparado el tour operador, completar tus datos y confirmarla.',
  },
  publicBookingVoucher: {
    heading: 'Bono de reserva',
    lead: 'Aquí verás tu bono con el localizador, el código QR, la hora y el lugar de recogida, listo para imprimir.',
  },
};

/** The public pages' root: one page per public route, a friendly not-found otherwise. */
export function PublicApp() {
  const pathname = useSyncExternalStore(subscribe, getPath, getPath);
  const match = matchPublicRoute(pathname);

  const title = match ? `${match.title} · Trayecto` : 'Página no encontrada · Trayecto';
  useEffect(() => {
    document.title = title;
  }, [title]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every page change starts at the top
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  if (!match) return <PublicNotFound />;
  const text = PLACEHOLDER_TEXT[match.key];
  return <PublicPlaceholder routeName={match.name} heading={text.heading} lead={text.lead} />;
}
