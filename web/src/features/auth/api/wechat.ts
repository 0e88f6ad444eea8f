/** WeChat QR login: POST /api/wechat/qrcode, then GET /api/wechat/status polled until scanned. */
import type { WechatLoginStatus, WechatQrcode } from '@core/schemas/user';
import { http } from '@/api/client';

export const createWechatQrcode = () => http.post<WechatQrcode>('/api/wechat/qrcode');

export const getWechatStatus = (ticket: string, signal?: AbortSignal) =>
  http.get<WechatLoginStatus>('/api/wechat/status', { ticket }, { signal, silent: [422] });
