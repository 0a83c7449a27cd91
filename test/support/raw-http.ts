import http from 'node:http';
import type { Data } from './test-app';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json(): Data;
}

/**
 * One request with a hand-made body and exactly the given headers (fetch would add its own), plus the body's
 * Content-Length (node sends none for a DELETE or OPTIONS body, which the server then reads as the next request).
 */
export function raw(
  base: string,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const options = { method, headers: { ...length, ...headers }, agent: false };
    const request = http.request(`${base}${path}`, options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          text,
          json: () => JSON.parse(text),
        });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}
