/**
 * Reading a voucher's QR code from the camera: the browser's own BarcodeDetector where it has one
 * for QR codes (Chrome on Android), else jsQR on the frames drawn on a canvas. This module, and
 * jsQR with it, are loaded only when someone opens the scanner.
 */
type TDetected = { rawValue: string };
type TBarcodeDetector = { detect(source: CanvasImageSource): Promise<TDetected[]> };
type TBarcodeDetectorClass = {
  new (options: { formats: string[] }): TBarcodeDetector;
  getSupportedFormats?: () => Promise<string[]>;
};

export type TQrDecoder = {
  kind: 'native' | 'jsqr';
  /** The text of a QR code in the current frame, or null. */
  decode(video: HTMLVideoElement): Promise<string | null>;
};

async function nativeDecoder(): Promise<TQrDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: TBarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return {
      kind: 'native',
      decode: async (video) => {
        const found = await detector.detect(video);
        return found[0]?.rawValue ?? null;
      },
    };
  } catch {
    return null;
  }
}

async function jsqrDecoder(): Promise<TQrDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return {
    kind: 'jsqr',
    decode: async (video) => {
      const w = video.videoWidth;
      const h = video.videoHeight;
      if (!ctx || !w || !h) return null;
      // Half resolution is plenty for a voucher held up to the phone, and four times faster.
      const scale = Math.min(1, 640 / Math.max(w, h));
      canvas.width = Math.round(w * scale);
      canvas.height = Math.round(h * scale);
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
      return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
    },
  };
}

export async function createQrDecoder(): Promise<TQrDecoder> {
  return (await nativeDecoder()) ?? jsqrDecoder();
}

/** Why the camera could not start, in Spanish. */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'No hay permiso para usar la cámara. Actívalo en el navegador o escribe el localizador.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No se ha encontrado ninguna cámara en este dispositivo. Escribe el localizador.';
    case 'NotReadableError':
      return 'La cámara está siendo usada por otra aplicación. Ciérrala o escribe el localizador.';
    case 'NoMediaDevices':
      return 'Este navegador no permite usar la cámara aquí (hace falta una conexión segura, https). Escribe el localizador.';
    default:
      return 'No se ha podido abrir la cámara. Escribe el localizador.';
  }
}
