/**
 * A self-signed TLS certificate for the fake Grist server, so tests can speak https to
 * `https://docs.getgrist.com`-style hosts mapped to 127.0.0.1.
 */
import { isIP } from 'node:net';
import { generate } from 'selfsigned';

/** The hosts a per-team fake answers for by default, plus this machine. */
export const DEFAULT_CERT_HOSTS = ['*.getgrist.com', 'docs.getgrist.com', 'localhost', '127.0.0.1'];

/**
 * In: host names (wildcards allowed) and IP addresses the certificate must cover.
 * Out: PEM key and certificate for `startFakeGrist({tls})`; the certificate is its own CA, so a
 * client trusts it by passing `cert` as its CA (or ignoring certificate errors).
 */
export async function makeSelfSignedCert(hosts: string[] = DEFAULT_CERT_HOSTS): Promise<{ key: string; cert: string }> {
  const altNames = hosts.map((host) => (isIP(host) ? { type: 7 as const, ip: host } : { type: 2 as const, value: host }));
  // An EC key is generated much faster than RSA, and browsers accept it.
  const pems = await generate([{ name: 'commonName', value: hosts[0] ?? 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
