// A fake OpenAI-compatible chat-completions endpoint (the one fake the tests allow: a remote language model), translating known texts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeModel {
  url: string;
  close(): Promise<void>;
}

/** Answers a translation of a text it knows with its English; anything else is a 400, which the service treats as the model being unable. */
export async function startFakeModel(translations: Record<string, string>): Promise<FakeModel> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const known = Object.keys(translations).find((text) => body.includes(JSON.stringify(text).slice(1, -1)));
      if (req.url?.endsWith('/chat/completions') && known) {
        const content = JSON.stringify({ english: translations[known] });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: 'fake',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
            usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
          }),
        );
        return;
      }
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'the fake model only translates what the test taught it' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
