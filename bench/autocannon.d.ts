// The part of autocannon 8's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; total: number; p50: number; p99: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  export type Request = {
    method?: string;
    path?: string;
    body?: string;
    setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
    onResponse?: (status: number, body: string) => void;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: Request[];
  };
  export default function autocannon(opts: Options): Promise<Result>;
}
