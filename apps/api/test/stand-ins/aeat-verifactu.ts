/**
 * A local HTTP server standing in for the AEAT's VERI*FACTU web service (RegFactuSistemaFacturacion,
 * SOAP 1.1): it reads each submission's RegistroAlta records and answers as the AEAT does
 * (RespuestaRegFactuSistemaFacturacion: CSV, EstadoEnvio, one RespuestaLinea per record). `mode`:
 * 'accept' (every record Correcto), 'reject' (every record Incorrecto, code 1100), 'down' (503 with
 * no answer), 'fault' (a SOAP fault). A record it already accepted is answered as a duplicate
 * (code 3000), as the AEAT does. Every request is recorded.
 *
 * With `tls` it listens on HTTPS and, as the AEAT's endpoint, requires a client certificate signed
 * by `tls.ca` (mutual TLS): a connection without one is refused in the handshake, before any HTTP.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { listenInRange } from './listen';

/** The stand-in's own certificate and the CA its clients' certificates must chain to (PEM). */
export type AeatStandInTls = { key: string | Buffer; cert: string | Buffer; ca: string | Buffer };

export type AeatStandIn = {
  url: string;
  mode: 'accept' | 'reject' | 'down' | 'fault';
  /** The bodies received, in order, with the client certificate's subject CN (HTTPS). */
  requests: { contentType: string; body: string; numbers: string[]; client?: string }[];
  /** Invoice numbers accepted so far. */
  accepted: Set<string>;
  close(): Promise<void>;
};

const numbersOf = (xml: string) =>
  [...xml.matchAll(/<sum1:RegistroAlta[\s\S]*?<sum1:NumSerieFactura>([^<]*)<\/sum1:NumSerieFactura>/g)].map(
    (m) => m[1],
  );

const line = (n: string, state: string, code = '', text = '') =>
  `<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>X</tik:IDEmisorFactura><tik:NumSerieFactura>${n}</tik:NumSerieFactura></tikR:IDFactura><tikR:Operacion><tik:TipoOperacion>Alta</tik:TipoOperacion></tikR:Operacion><tikR:EstadoRegistro>${state}</tikR:EstadoRegistro>${
    code
      ? `<tikR:CodigoErrorRegistro>${code}</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>${text}</tikR:DescripcionErrorRegistro>`
      : ''
  }</tikR:RespuestaLinea>`;

const clientOf = (req: IncomingMessage): string | undefined => {
  const socket = req.socket as Partial<TLSSocket>;
  if (typeof socket.getPeerCertificate !== 'function') return undefined;
  const cn = socket.getPeerCertificate().subject?.CN;
  return Array.isArray(cn) ? cn.join(',') : cn;
};

export async function startAeatStandIn(opts: { tls?: AeatStandInTls } = {}): Promise<AeatStandIn> {
  let csvSeq = 0;
  const state: AeatStandIn = {
    url: '',
    mode: 'accept',
    requests: [],
    accepted: new Set(),
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        // The sender's client keeps its connections alive: end them so that close() returns.
        server.closeAllConnections();
      }),
  };
  const handler: RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const numbers = numbersOf(body);
      state.requests.push({
        contentType: String(req.headers['content-type'] ?? ''),
        body,
        numbers,
        client: clientOf(req),
      });
      if (state.mode === 'down') {
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<html>Servicio no disponible</html>');
        return;
      }
      if (state.mode === 'fault') {
        res.writeHead(500, { 'content-type': 'text/xml; charset=utf-8' });
        res.end(
          '<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault><faultcode>env:Client</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema</faultstring></env:Fault></env:Body></env:Envelope>',
        );
        return;
      }
      const lines = numbers.map((n) => {
        if (state.accepted.has(n)) return line(n, 'Incorrecto', '3000', 'Registro de facturación duplicado.');
        if (state.mode === 'reject') return line(n, 'Incorrecto', '1100', 'Valor o tipo incorrecto del campo: NIF');
        state.accepted.add(n);
        return line(n, 'Correcto');
      });
      const ok = state.mode === 'accept';
      const csv = ok ? `A-STANDIN${String(++csvSeq).padStart(6, '0')}` : '';
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd" xmlns:tik="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd">${
          csv ? `<tikR:CSV>${csv}</tikR:CSV>` : ''
        }<tikR:TiempoEsperaEnvio>60</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>${ok ? 'Correcto' : 'Incorrecto'}</tikR:EstadoEnvio>${lines.join('')}</tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>`,
      );
    });
  };
  const server: Server = opts.tls
    ? (createHttpsServer(
        { ...opts.tls, requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.2' },
        handler,
      ) as unknown as Server)
    : createServer(handler);
  const port = await listenInRange(server);
  const scheme = opts.tls ? 'https' : 'http';
  state.url = `${scheme}://127.0.0.1:${port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
  return state;
}
