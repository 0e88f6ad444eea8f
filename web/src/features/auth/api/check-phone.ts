/** GET /api/user/phone/{value}: whether a phone number already has an account. */
import type { PhoneExists } from '@core/schemas/user';
import { http } from '@/api/client';

/** Phones found registered: a registered phone never becomes free again. */
const registered = new Set<string>();

/** `true` when registered, `false` when free, `null` when the check could not be made. */
export async function isPhoneRegistered(phone: string): Promise<boolean | null> {
  if (registered.has(phone)) return true;
  try {
    const { exists } = await http.get<PhoneExists>(`/api/user/phone/${encodeURIComponent(phone)}`, undefined, {
      silent: true,
    });
    if (exists === 1) registered.add(phone);
    return exists === 1;
  } catch {
    return null;
  }
}
