/**
 * Binding WeChat: GET /api/user/wechat (the binding and the user object: the bind page skips the base call),
 * POST /api/wechat/qrcode for a sandbox QR code, GET /api/user/bind_wechat?ticket polled until it is scanned,
 * POST /api/user/bind_wechat {ticket}, and DELETE /api/user/unbind_wechat.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BindStatus, WechatBinding, WechatBound, WechatUnbound } from '@core/schemas/member';
import type { WechatQrcode } from '@core/schemas/user';
import { http } from '@/api/client';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';

const WECHAT_KEY = ['user', 'wechat'] as const;

const wechatQuery = () =>
  queryOptions({ queryKey: WECHAT_KEY, queryFn: ({ signal }) => http.get<WechatBinding>('/api/user/wechat', undefined, { signal }), staleTime: 0 });

export const useWechatBinding = () => useQuery(wechatQuery());

export const createBindQrcode = () => http.post<WechatQrcode>('/api/wechat/qrcode');

export const getBindStatus = (ticket: string, signal?: AbortSignal) => http.get<BindStatus>('/api/user/bind_wechat', { ticket }, { signal, silent: [422] });

function useRefreshBinding() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: WECHAT_KEY });
    void client.invalidateQueries({ queryKey: USER_BASE_KEY });
  };
}

export function useBindWechat() {
  const refresh = useRefreshBinding();
  return useMutation({ mutationFn: (ticket: string) => http.post<WechatBound>('/api/user/bind_wechat', { ticket }), onSuccess: refresh });
}

export function useUnbindWechat() {
  const refresh = useRefreshBinding();
  return useMutation({ mutationFn: () => http.delete<WechatUnbound>('/api/user/unbind_wechat'), onSuccess: refresh });
}
