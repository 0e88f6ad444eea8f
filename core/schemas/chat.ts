/**
 * The customer-service chat (在线客服, DESIGN.md section 15, docs/decisions/027-chat.md): the buyer's calls, the
 * console's calls, and every message of the WebSocket `/api/chat/ws` in both directions. A message is stored
 * before it is pushed; the socket only carries what the calls would answer.
 */
import { z } from 'zod';
import { stripControlChars } from '../validate.js';
import { flag, freeText, id, page, wholeNumber } from './common.js';
import { bit, money, pageOf, unixTime } from './envelope.js';

const CHAT_KINDS = ['text', 'image', 'goods', 'order'] as const;
export type ChatKindName = (typeof CHAT_KINDS)[number];

/** The longest text message, in characters, after cleaning. */
export const CHAT_TEXT_MAX = 500;
/** The longest canned reply. */
export const CANNED_TEXT_MAX = 300;
/** Messages a page of history holds at most, and by default. */
const CHAT_PAGE_MAX = 50;
const CHAT_PAGE_DEFAULT = 20;
/** Missed messages a reconnection gets at once; more, and the client reloads the latest page. */
export const CHAT_SYNC_MAX = 100;

/** Where an uploaded chat picture lives: a private upload of the conversation's buyer. */
const PICTURE_RE = /^\/uploads\/[a-z0-9]+-[a-f0-9]{16}\.(png|jpg|gif|webp)$/;

/**
 * A chat text as it is kept and shown: plain text. Control characters go, markup goes (a script or style with its
 * content, comments, anything shaped like a tag), line ends become `\n`, runs of blank lines shrink to one, and the
 * ends are trimmed. A lone `<` or `>` stays (`血压<140`): it is text, and it is always shown as text.
 */
function cleanChatText(raw: string): string {
  return stripControlChars(raw.replace(/\r\n?/g, '\n'))
    .replace(/<(script|style|iframe|object|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<\/?[a-zA-Z][^<>]*>/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** What a text message that is too long reads in the browser and from the server. */
export const CHAT_TOO_LONG = `消息不能超过${CHAT_TEXT_MAX}个字`;

// ------------------------------------------------------------------------------------------------ what is sent

/**
 * A message to send: `type` text (`content` the text), image (`content` the address `POST /api/upload` answered),
 * goods (`content` a goods id) or order (`content` an order id of the conversation's buyer). `client_id` lets the
 * sender match the answer over the socket. The answer of the parse is the cleaned message.
 */
export const chatSendBody = z
  .object({
    type: z.enum(CHAT_KINDS, { error: '消息类型不正确' }).meta({ description: 'text 文字, image 图片, goods 商品卡片, order 订单卡片' }),
    content: z
      .union([z.string(), z.number()], { error: '请输入消息内容' })
      .transform(String)
      .pipe(z.string().max(4000, { error: CHAT_TOO_LONG })),
    client_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: '消息编号格式不正确' })
      .optional(),
  })
  .transform((v, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', path: ['content'], message });
      return z.NEVER;
    };
    const client_id = v.client_id;
    if (v.type === 'text') {
      const text = cleanChatText(v.content);
      if (!text) return fail('请输入消息内容');
      if ([...text].length > CHAT_TEXT_MAX) return fail(CHAT_TOO_LONG);
      return { type: 'text' as const, text, client_id };
    }
    if (v.type === 'image') return PICTURE_RE.test(v.content) ? { type: 'image' as const, url: v.content, client_id } : fail('图片地址不正确，请重新上传');
    const n = /^\d{1,10}$/.test(v.content) ? Number(v.content) : 0;
    if (!n || n > 2_147_483_647) return fail(v.type === 'goods' ? '商品ID格式不正确' : '订单ID格式不正确');
    return { type: v.type, id: n, client_id };
  });
export type ChatSend = z.output<typeof chatSendBody>;

/** `before_id`: older than this message (history paging); `after_id`: newer than this one (what was missed). */
export const chatHistoryQuery = z.object({
  before_id: id('消息ID').optional(),
  after_id: wholeNumber('消息ID格式不正确')
    .pipe(z.number().int().min(0, { error: '消息ID格式不正确' }).max(2_147_483_647, { error: '消息ID格式不正确' }))
    .optional(),
  limit: wholeNumber('条数格式不正确')
    .pipe(
      z
        .number()
        .int()
        .min(1, { error: '条数格式不正确' })
        .max(CHAT_PAGE_MAX, { error: `每次最多${CHAT_PAGE_MAX}条` }),
    )
    .optional()
    .default(CHAT_PAGE_DEFAULT),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuery>;

// ------------------------------------------------------------------------------------------------ what is answered

const ChatGoodsCard = z.object({
  type: z.literal('goods'),
  id: z.number().int(),
  name: z.string(),
  ypgg: z.string(),
  sccj: z.string(),
  image: z.string(),
  /** The price the buyer saw when it was sent; null where the buyer may not see prices (`price_tip` says why). */
  price: money.nullable(),
  price_tip: z.string().nullable(),
});

const ChatOrderCard = z.object({
  type: z.literal('order'),
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  status_text: z.string().meta({ description: 'as it was when sent' }),
  pay_amount: money,
  item_count: z.number().int(),
  /** The first goods' names, joined. */
  goods: z.string(),
  created_at: unixTime,
});

export const ChatCard = z.discriminatedUnion('type', [ChatGoodsCard, ChatOrderCard]);
export type ChatCard = z.infer<typeof ChatCard>;

export const ChatMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  sender: z.enum(['user', 'operator', 'system']).meta({ description: 'user 买家, operator 客服, system 系统提示（转接等）' }),
  /** The operator's name for an operator's message, the company for the buyer's, empty for the system's. */
  sender_name: z.string(),
  kind: z.enum(CHAT_KINDS),
  /** The text, the picture's address, or the id of the goods or order. */
  content: z.string(),
  card: ChatCard.nullable(),
  created_at: unixTime,
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** The buyer's side of the conversation: unread counts both ways, who answers, whether anyone is there to. */
export const ChatState = z.object({
  /** Null until the buyer's first message. */
  conversation_id: z.number().int().nullable(),
  /** Messages of the service the buyer has not read (the toolbar's badge). */
  unread: z.number().int(),
  /** The buyer's messages the service has not read yet: the last ones of the buyer's show 未读. */
  operator_unread: z.number().int(),
  /** The newest message's id, 0 when there is none. */
  last_id: z.number().int(),
  /** 1 while an operator who answers the chat is connected. */
  online: bit,
  operator: z.object({ name: z.string() }).nullable(),
});
export type ChatState = z.infer<typeof ChatState>;

export const ChatHistory = z.object({
  conversation_id: z.number().int().nullable(),
  /** Oldest first. */
  list: z.array(ChatMessage),
  /** Older messages (paging back), or newer ones past the limit (`after_id`), are left. */
  has_more: bit,
});
export type ChatHistory = z.infer<typeof ChatHistory>;

// ------------------------------------------------------------------------------------------------ the console

const CHAT_SCOPES = ['mine', 'waiting', 'all'] as const;
export type ChatScope = (typeof CHAT_SCOPES)[number];

export const adminChatInboxQuery = z.object({
  scope: z
    .enum(CHAT_SCOPES, { error: '会话范围不正确' })
    .optional()
    .default('mine')
    .meta({ description: 'mine 我的会话, waiting 待接入 (nobody answers it), all 全部' }),
  keyword: freeText('关键词', 50).optional().default('').meta({ description: "the buyer's company, username or phone" }),
  page: page(),
});

export const adminChatParams = z.object({ id: id('会话ID') });
export const adminCannedParams = z.object({ id: id('快捷回复ID') });

export const chatTransferBody = z.object({ operator_id: id('客服') });

export const cannedReplyBody = z.object({
  text: z
    .string({ error: '请输入回复内容' })
    .max(2000, { error: `回复内容不能超过${CANNED_TEXT_MAX}个字` })
    .transform(cleanChatText)
    .pipe(
      z
        .string()
        .min(1, { error: '请输入回复内容' })
        .refine((v) => [...v].length <= CANNED_TEXT_MAX, { error: `回复内容不能超过${CANNED_TEXT_MAX}个字` }),
    ),
  /** 1: every operator's (超级管理员 only); 0: the operator's own. */
  shared: flag('公共回复').optional().default(0),
  sort: wholeNumber('排序须为整数')
    .pipe(z.number().int().min(0, { error: '排序须为0-9999' }).max(9999, { error: '排序须为0-9999' }))
    .optional()
    .default(0),
});

const LastMessage = z.object({
  sender: z.enum(['user', 'operator', 'system']),
  kind: z.enum(CHAT_KINDS),
  /** The text, or [图片] / [商品] 名称 / [订单] 单号. */
  preview: z.string(),
  created_at: unixTime,
});

export const AdminChatConversation = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), username: z.string(), company: z.string(), phone: z.string() }),
  operator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  last_message: LastMessage.nullable(),
  /** The buyer's messages no operator has read. */
  unread: z.number().int(),
  /** The service's messages the buyer has not read. */
  user_unread: z.number().int(),
  updated_at: unixTime,
});
export type AdminChatConversation = z.infer<typeof AdminChatConversation>;

export const AdminChatInbox = pageOf(AdminChatConversation).extend({
  /** Conversations of each scope, and how many of them have unread messages. */
  counts: z.object({
    mine: z.number().int(),
    waiting: z.number().int(),
    all: z.number().int(),
    unread_mine: z.number().int(),
    unread_waiting: z.number().int(),
  }),
});
export type AdminChatInbox = z.infer<typeof AdminChatInbox>;

const AdminChatBuyer = z.object({
  id: z.number().int(),
  username: z.string(),
  company: z.string(),
  company_type: z.string(),
  name: z.string(),
  phone: z.string(),
  contact_phone: z.string(),
  region: z.string(),
  address: z.string(),
  is_passed: z.number().int(),
  is_passed_text: z.string(),
  rank: z.string(),
  /** 专属客服. */
  contacts: z.array(z.object({ name: z.string(), phone: z.string(), is_default: bit })),
});

export const AdminChatOrder = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  pay_amount: money,
  item_count: z.number().int(),
  created_at: unixTime,
});
export type AdminChatOrder = z.infer<typeof AdminChatOrder>;

export const AdminChatDetail = z.object({
  conversation: AdminChatConversation,
  buyer: AdminChatBuyer,
  /** The buyer's latest orders, newest first. */
  orders: z.array(AdminChatOrder),
});
export type AdminChatDetail = z.infer<typeof AdminChatDetail>;

export const ChatOperator = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  online: bit,
  /** Conversations assigned to the operator. */
  conversations: z.number().int(),
  me: bit,
});
export type ChatOperator = z.infer<typeof ChatOperator>;

export const CannedReply = z.object({
  id: z.number().int(),
  text: z.string(),
  shared: bit,
  /** The operator's own (they may change it). */
  mine: bit,
  sort: z.number().int(),
});
export type CannedReply = z.infer<typeof CannedReply>;

// ------------------------------------------------------------------------------------------------ the socket

/**
 * What a client sends over `/api/chat/ws`, one JSON object a frame. An operator names the conversation; a buyer has
 * one. `sync` asks for the messages after `after_id` (the last one the client has), answered by a `sync` event.
 */
export const chatClientEvent = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('send'), conversation_id: id('会话ID').optional(), message: chatSendBody }),
    z.object({ type: z.literal('read'), conversation_id: id('会话ID').optional() }),
    z.object({
      type: z.literal('sync'),
      conversation_id: id('会话ID').optional(),
      after_id: wholeNumber('消息ID格式不正确').pipe(z.number().int().min(0).max(2_147_483_647)),
    }),
    z.object({ type: z.literal('ping') }),
  ],
  { error: '消息格式不正确' },
);
export type ChatClientEvent = z.input<typeof chatClientEvent>;

/** What the server pushes. A buyer gets ready, message, state, service, ack, sync, error and pong; an operator the rest too. */
export const chatServerEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), role: z.enum(['user', 'operator']), state: ChatState.nullable(), online: z.array(z.number().int()) }),
  /** A new message; the buyer's `state` after it, or the operator's updated conversation. */
  z.object({ type: z.literal('message'), message: ChatMessage, state: ChatState.optional(), conversation: AdminChatConversation.optional() }),
  /** The buyer's unread counts or who answers changed. */
  z.object({ type: z.literal('state'), state: ChatState }),
  /** A conversation of the inbox changed (read, assigned, transferred). */
  z.object({ type: z.literal('conversation'), conversation: AdminChatConversation }),
  /** The operators connected now (the console), or whether any is (`service`, the buyer). */
  z.object({ type: z.literal('presence'), online: z.array(z.number().int()) }),
  z.object({ type: z.literal('service'), online: bit }),
  z.object({ type: z.literal('ack'), client_id: z.string().nullable(), message: ChatMessage }),
  z.object({ type: z.literal('sync'), conversation_id: z.number().int().nullable(), list: z.array(ChatMessage), has_more: bit }),
  z.object({ type: z.literal('error'), code: z.number().int(), message: z.string(), client_id: z.string().nullable() }),
  z.object({ type: z.literal('pong') }),
]);
export type ChatServerEvent = z.infer<typeof chatServerEvent>;

/** Close codes of the socket: the session is over (log in again), and the server asks for a new connection. */
export const CHAT_CLOSE = { unauthenticated: 4401, renew: 4000 } as const;
