/**
 * On the routes where the shell skips GET /api/user/base (the member centre, bind WeChat: spec section 6),
 * the page's own answer carries the user object; this puts it where the header and toolbar read it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UserBase } from '@core/schemas/user';
import { USER_BASE_KEY } from './get-user-base';

export function useShareUser(user: UserBase | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (user) client.setQueryData(USER_BASE_KEY, user);
  }, [client, user]);
}
