import { describe, expect, it } from 'vitest';
import { expiryRange } from './expiry.js';

const batches = [
  { xq: '2027-01-31', number: 30 },
  { xq: '2027-08-31', number: 100 },
  { xq: '2028-02-29', number: 50 },
];

describe('the expiry a quantity is shipped with', () => {
  it('is the first batch while it holds the quantity, then a range over the batches it spans', () => {
    expect(expiryRange(batches, 10)).toEqual({ from: '2027-01-31', to: '2027-01-31' });
    expect(expiryRange(batches, 30)).toEqual({ from: '2027-01-31', to: '2027-01-31' });
    expect(expiryRange(batches, 31)).toEqual({ from: '2027-01-31', to: '2027-08-31' });
    expect(expiryRange(batches, 180)).toEqual({ from: '2027-01-31', to: '2028-02-29' });
    // More than all of them: the range of what there is.
    expect(expiryRange(batches, 500)).toEqual({ from: '2027-01-31', to: '2028-02-29' });
  });

  it('starts after the units earlier lines of the goods take', () => {
    expect(expiryRange(batches, 10, 30)).toEqual({ from: '2027-08-31', to: '2027-08-31' });
    expect(expiryRange(batches, 10, 25)).toEqual({ from: '2027-01-31', to: '2027-08-31' });
    expect(expiryRange(batches, 10, 130)).toEqual({ from: '2028-02-29', to: '2028-02-29' });
    expect(expiryRange(batches, 10, 180)).toBeNull();
  });

  it('is none without batches that sell', () => {
    expect(expiryRange([], 10)).toBeNull();
  });
});
