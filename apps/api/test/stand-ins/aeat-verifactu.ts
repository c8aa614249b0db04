/**
 * A local HTTP server standing in for the AEAT's VERI*FACTU web service (RegFactuSistemaFacturacion,
 * SOAP 1.1): it reads each submission's RegistroAlta records and answers as the AEAT does
 * (RespuestaRegFactuSistemaFacturacion: CSV, EstadoEnvio, one RespuestaLinea per record). `mode`:
 * 'accept' (every record Correcto), 'reject' (every record Incorrecto, code 1100), 'down' (503 with
 * no answer), 'fault' (a SOAP fault). A record it already accepted is answered as a duplicate
 * (code 3000), as the AEAT does. Every request is recorded.
 */
import { createServer, type Server } from 'node:http';
import { listenInRange } from './listen';

export type AeatStandIn = {
  url: string;
  mode: 'accept' | 'reject' | 'down' | 'fault';
  /** The bodies received, in order. */
  requests: { contentType: string; body: string; numbers: string[] }[];
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

export async function startAeatStandIn(): Promise<AeatStandIn> {
  let csvSeq = 0;
  const state: AeatStandIn = {
    url: '',
    mode: 'accept',
    requests: [],
    accepted: new Set(),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const numbers = numbersOf(body);
      state.requests.push({ contentType: String(req.headers['content-type'] ?? ''), body, numbers });
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
  });
  const port = await listenInRange(server);
  state.url = `http://127.0.0.1:${port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
  return state;
}
