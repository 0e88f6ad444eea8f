/** Response codes of the `{code, message, data}` envelope (DESIGN.md section 5, spec section 8). */
export const Code = {
  ok: 10000,
  unauthenticated: 10001,
  invalid: 422,
  contractRequired: 459,
  refused: 400,
  forbidden: 403,
  notFound: 404,
  tooMany: 429,
  serverError: 500,
  unavailable: 503,
} as const;

export type ValidationErrors = Record<string, string[]>;

export const Message = {
  ok: 'success',
  unauthenticated: '未登录',
  serverError: '系统繁忙，请稍候再试',
  unavailable: '服务暂时不可用，请稍后再试',
  notFound: '数据不存在',
  routeNotFound: '接口不存在',
  forbidden: '非法请求',
  noPermission: '无权限',
  tooMany: '操作过于频繁，请稍后再试',
  badBody: '请求格式不正确',
  badUrl: '请求地址格式不正确',
  duplicate: '请勿重复提交，该信息已存在',
} as const;
