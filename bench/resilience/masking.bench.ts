// Masking time on 1 MB of adversarial and of ordinary text (docs/resilience.md: ≤ 50 ms per MB, linear).
// Each figure is the median of 15 runs after 5 warm-up runs; 256 KB and 4 MB show the scaling.
// Usage: node bench/resilience/masking.bench.ts
import { maskEmails, maskResult } from '../../src/mcp/masking.ts';
import { machine } from '../support/process.ts';

const KB = 1024;
const shapes: Record<string, (bytes: number) => string> = {
  "long local part, no domain ('aaa…a@-')": (n) => `${'a'.repeat(n - 2)}@-`,
  "2 KB local parts, no domain (the attack: 'aaa…a@-' × n)": (n) => `${'a'.repeat(2046)}@-`.repeat(n / 2048),
  "'a@' repeated (an address every 4 characters)": (n) => 'a@'.repeat(n / 2),
  'ordinary prose with an address every 60 characters': (n) =>
    'Contact alice.smith@example.com about the renewal, today. '.repeat(Math.ceil(n / 58)).slice(0, n),
};

function median(run: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    run();
    if (i >= 5) times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

console.log(await machine());
console.log('shape'.padEnd(60), '256 KB'.padStart(9), '1 MB'.padStart(9), '4 MB'.padStart(9));
for (const [name, make] of Object.entries(shapes)) {
  const cells = [256 * KB, 1024 * KB, 4096 * KB].map((size) => {
    const text = make(size);
    return `${median(() => maskEmails(text)).toFixed(1)} ms`.padStart(9);
  });
  console.log(name.padEnd(60), ...cells);
}

// A tool result of 200 vendors whose 2 KB websites are the attack string, with 500 workspace names.
const names = Array.from({ length: 500 }, (_, i) => `Person ${i} Surname${i}`);
const vendors = Array.from({ length: 200 }, (_, i) => ({
  id: `vnd_${i}`,
  name: `Vendor ${i}`,
  website: `${'a'.repeat(2046)}@-`,
  notes: `Owner Person ${i}  Surname${i}, reach at owner${i}@vendor.example`,
}));
console.log(
  `supplier_list-sized result (200 vendors × 2 KB adversarial website, 500 names): ${median(() =>
    maskResult({ items: vendors }, names),
  ).toFixed(1)} ms`,
);
