/**
 * The import format knows two regions: competitions of Asian countries (and the AFC's, whose
 * members include Australia) are filed under Asia; everything else under Europe.
 */
const ASIA = new Set([
  'Asia',
  'China PR',
  'China',
  'Hong Kong',
  'Japan',
  'Korea Republic',
  'South Korea',
  'India',
  'Saudi Arabia',
  'Qatar',
  'United Arab Emirates',
  'Iran',
  'Australia',
  'Thailand',
  'Vietnam',
  'Malaysia',
  'Singapore',
  'Indonesia',
  'Uzbekistan',
]);

export function regionOfCountry(country: string | null | undefined): 'Asia' | 'Europe' {
  return country && ASIA.has(country) ? 'Asia' : 'Europe';
}
