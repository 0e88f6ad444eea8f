/** WeChat QR login: POST /api/wechat/qrcode, then GET /api/wechat/status polled until scanned. */
import { useMutation } from '@tanstack/react-query';
import type { UserBase } from '@core/schemas/user';
import { http } from '@/api/client';

export type WechatQrcode = { ticket: string; scan_url: string; expires_in: number };
export type WechatStatus = {
  status: 'waiting' | 'scanned' | 'expired';
  bound: 0 | 1;
  user?: UserBase;
  nickname?: string;
};

export const createWechatQrcode = () => http.post<WechatQrcode>('/api/wechat/qrcode');

export const getWechatStatus = (ticket: string, signal?: AbortSignal) =>
  http.get<WechatStatus>('/api/wechat/status', { ticket }, { signal, silent: [422] });

export const useWechatQrcode = () => useMutation({ mutationFn: createWechatQrcode });
