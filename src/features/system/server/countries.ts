/** Country dialing codes offered by phone fields (ISO 3166 code and dialing code). Names come from Intl. */
export const COUNTRIES: ReadonlyArray<{ iso: string; dialingCode: string }> = [
  { iso: 'MX', dialingCode: '52' },
  { iso: 'US', dialingCode: '1' },
  { iso: 'ES', dialingCode: '34' },
  { iso: 'AR', dialingCode: '54' },
  { iso: 'CO', dialingCode: '57' },
  { iso: 'CL', dialingCode: '56' },
  { iso: 'PE', dialingCode: '51' },
  { iso: 'BR', dialingCode: '55' },
  { iso: 'GB', dialingCode: '44' },
  { iso: 'PH', dialingCode: '63' },
  { iso: 'VN', dialingCode: '84' },
  { iso: 'TH', dialingCode: '66' },
  { iso: 'IN', dialingCode: '91' },
  { iso: 'ID', dialingCode: '62' },
  { iso: 'MY', dialingCode: '60' },
];
