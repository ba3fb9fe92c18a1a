// The baseline: a plain Node http server answering every request with one file's bytes, read
// once at start, sent as they are (with their Content-Encoding when given).
// Usage: node static-server.ts <port> <file> <content-type> [content-encoding]
import http from 'node:http';
import { readFileSync } from 'node:fs';

const [port, file, contentType, contentEncoding] = process.argv.slice(2);
const body = readFileSync(file!);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType!, 'content-length': body.byteLength, ...(contentEncoding ? { 'content-encoding': contentEncoding, vary: 'Accept-Encoding' } : {}) });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
