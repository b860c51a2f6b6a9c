// Fails loudly if code under test opens a network connection: proves "loads from disk only".
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

export interface Tripwire {
  /** Every attempted network access, as a short description. */
  attempts: string[];
  restore(): void;
}

/** Replaces fetch, http(s).request/get and net.connect with recorders that refuse the connection. */
export function installNetworkTripwire(): Tripwire {
  const attempts: string[] = [];
  const saved = {
    fetch: globalThis.fetch,
    httpRequest: http.request,
    httpGet: http.get,
    httpsRequest: https.request,
    httpsGet: https.get,
    connect: net.connect,
    createConnection: net.createConnection,
  };
  const refuse = (kind: string) => (target: unknown) => {
    attempts.push(`${kind} ${target instanceof URL ? target.href : JSON.stringify(target)}`);
    throw new Error(`network access attempted during an offline test (${kind})`);
  };
  globalThis.fetch = (async (input: unknown) => refuse('fetch')(String(input))) as typeof fetch;
  Object.assign(http, { request: refuse('http.request'), get: refuse('http.get') });
  Object.assign(https, { request: refuse('https.request'), get: refuse('https.get') });
  Object.assign(net, {
    connect: refuse('net.connect'),
    createConnection: refuse('net.createConnection'),
  });
  return {
    attempts,
    restore() {
      globalThis.fetch = saved.fetch;
      Object.assign(http, { request: saved.httpRequest, get: saved.httpGet });
      Object.assign(https, { request: saved.httpsRequest, get: saved.httpsGet });
      Object.assign(net, { connect: saved.connect, createConnection: saved.createConnection });
    },
  };
}
