// Inputs built to make the detectors' regular expressions backtrack: one 16,000-character memory
// (the largest the contract allows) of a repeated fragment each detector looks for.

const SIZE = 16000;
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

export const ADVERSARIAL: Readonly<Record<string, string>> = {
  'repeated private-key headers': fill(`-----BEGIN RSA PRIVATE KEY-----\n${'A'.repeat(30)}`),
  'repeated "the password is"': fill('the password is '),
  'repeated "set the token to"': fill('set the token to '),
  'repeated env name/value pairs': fill('- name: DB_PASSWORD\n  value: '),
  'a Kubernetes Secret without data': `kind: Secret\n${fill('metadata ')}`,
  'repeated keyed names': fill('twilio auth token is '),
  'repeated vendor prefixes': fill('glpat-SG.xoxb-'),
  'repeated JWT headers': fill('eyJhbGciOiJIUzI1NiJ9.'),
  'repeated URL credentials': fill('https://a:b'),
  'dotted identifiers': fill('a.b-c_d.'),
  'one name with key words inside': fill('xpasswordtokensecretkey'),
  'repeated netrc fields': fill('machine h login u account a '),
};

export async function timeAdversarial(
  scanners: Record<string, (text: string) => Promise<unknown>>,
  runs = 5,
): Promise<Array<{ input: string; ms: Record<string, number> }>> {
  const rows: Array<{ input: string; ms: Record<string, number> }> = [];
  for (const [input, text] of Object.entries(ADVERSARIAL)) {
    const ms: Record<string, number> = {};
    for (const [name, scan] of Object.entries(scanners)) {
      await scan(text);
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const start = performance.now();
        await scan(text);
        times.push(performance.now() - start);
      }
      ms[name] = times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? Number.NaN;
    }
    rows.push({ input, ms });
  }
  return rows;
}
