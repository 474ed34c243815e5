// The ledger's entries (src/bookings/ledger-entries.ts): a target is one target whatever its spelling;
// the ledger's own behaviour with them is in ledger.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalTarget } from '../../../src/bookings/ledger-entries';

test('normalTarget: scheme and host in lower case, default port, trailing slashes, loopback names', () => {
  const same: Array<[string, string]> = [
    ['http://127.0.0.1:8080', 'http://localhost:8080/'],
    ['http://[::1]:8080/ota', 'http://LOCALHOST:8080/ota//'],
    ['HTTPS://Gateway.Example.COM:443/ota/', 'https://gateway.example.com/ota'],
    ['http://gateway.example.com:80', 'http://gateway.example.com./'],
    ['http://127.1:9000', 'http://127.0.0.1:9000'],
  ];
  for (const [a, b] of same) assert.equal(normalTarget(a), normalTarget(b), `${a} and ${b} are one target`);
  const other: Array<[string, string]> = [
    ['http://localhost:8080', 'http://localhost:8081'],
    ['http://gateway.example.com', 'https://gateway.example.com'],
    ['https://gateway.example.com/ota', 'https://gateway.example.com/OTA'],
    ['https://gateway.example.com:8443', 'https://gateway.example.com'],
    ['http://127.0.0.2:8080', 'http://localhost:8080'],
  ];
  for (const [a, b] of other) assert.notEqual(normalTarget(a), normalTarget(b), `${a} and ${b} are two targets`);
  assert.equal(normalTarget('http://LocalHost:80/ota/'), 'http://localhost/ota');
});
