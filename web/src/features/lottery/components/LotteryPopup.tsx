/**
 * The lottery pop-up of the home page: for an approved buyer, once a day per account, when the running activity
 * leaves a draw (`is_join` 0). The shell loads this file only then, so the home page's first load stays light.
 */
import { useEffect, useState } from 'react';
import type { UserBase } from '@core/schemas/user';
import { chinaToday } from '@/lib/china-time';
import { useDrawSimple } from '../api/get-draw-simple';
import { LotteryModal } from './LotteryModal';

const SHOWN_KEY = 'yct-draw-shown';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Whether the pop-up was shown to this account (by its username) today (China day), in this browser. */
const shownToday = (username: string) => storage()?.getItem(`${SHOWN_KEY}:${username}`) === chinaToday();
const markShown = (username: string) => storage()?.setItem(`${SHOWN_KEY}:${username}`, chinaToday());

export default function LotteryPopup({ user }: { user: UserBase }) {
  const [already] = useState(() => shownToday(user.username));
  const simple = useDrawSimple(!already);
  const [open, setOpen] = useState(false);
  const activity = simple.data;
  useEffect(() => {
    if (activity && activity.is_join === 0 && !shownToday(user.username)) {
      markShown(user.username);
      setOpen(true);
    }
  }, [activity, user.username]);
  if (!activity) return null;
  return <LotteryModal id={activity.id} open={open} onClose={() => setOpen(false)} />;
}
