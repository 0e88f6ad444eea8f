/**
 * The site's first-business documents and those of a few goods, drawn as sample files (样本) so that a fresh site's
 * 首营资料 pages and packs are not empty: each licence and agreement a one-page PDF in Noto Sans SC, the two seals
 * PNG impressions (a red ring and star). Runs once, into a site with no documents; an operator replaces them.
 */
import zlib from 'node:zlib';
import { asc, count, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { GOODS_DOCUMENT_KINDS, SITE_DOCUMENT_KINDS, type GoodsDocumentKind, type SiteDocumentKind } from '../../core/schemas/documents.js';
import type { Db } from '../db/client.js';
import { goods, goodsDocuments, siteDocuments } from '../db/schema/index.js';
import { cjkFonts } from '../lib/cjk-font.js';
import { markSample } from './sample-mark.js';
import { saveDocumentFile, type UploadStore } from '../modules/uploads/index.js';

const COMPANY = '浙江药采通医药科技有限公司';
const DAY_MS = 86_400_000;
const chinaDay = (offsetDays: number) => new Date(Date.now() + 8 * 3_600_000 + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** A one-page sample certificate: a framed title, its fields, and 样本 across it. */
function certificate(title: string, fields: [string, string][]): Promise<Buffer> {
  const { regular, bold } = cjkFonts();
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 40, info: { Title: `${title}（样本）`, Author: COMPANY } });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const { width, height } = doc.page;
  doc
    .lineWidth(3)
    .strokeColor('#9a4a2b')
    .rect(30, 30, width - 60, height - 60)
    .stroke();
  doc
    .lineWidth(0.8)
    .rect(38, 38, width - 76, height - 76)
    .stroke();
  doc
    .font('bold')
    .fontSize(30)
    .fillColor('#9a4a2b')
    .text(title, 40, 80, { width: width - 80, align: 'center' });
  let y = 160;
  for (const [k, v] of fields) {
    doc.font('bold').fontSize(14).fillColor('#333').text(`${k}：`, 140, y, { width: 170, align: 'right' });
    doc
      .font('regular')
      .fontSize(14)
      .fillColor('#111')
      .text(v, 320, y, { width: width - 460 });
    y += 34;
  }
  markSample(doc, { angle: -20, opacity: 0.12 });
  doc.end();
  return done;
}

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/** A seal's impression as a PNG: a red ring with a five-pointed star, on a transparent ground. */
function sealPng(size = 240): Buffer {
  const c = size / 2;
  const star = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 ? 19 : 48;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    return [c + r * Math.cos(a), c + r * Math.sin(a)];
  });
  const inStar = (x: number, y: number) => {
    let inside = false;
    for (let i = 0, j = star.length - 1; i < star.length; j = i++) {
      const [xi, yi] = star[i];
      const [xj, yj] = star[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      const ring = d <= c - 4 && d >= c - 14;
      const inner = d <= c - 22 && d >= c - 24;
      if (ring || inner || inStar(x + 0.5, y + 0.5)) row.set([0xd4, 0x1c, 0x1c, 0xe6], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type SiteSample = { number: string; validFrom: string | null; validUntil: string | null; remark?: string; fields: [string, string][] };

const SITE_SAMPLES: Record<SiteDocumentKind, SiteSample> = {
  business_licence: {
    number: '91330106MA2H4R7K3X',
    validFrom: '2019-06-18',
    validUntil: null,
    fields: [
      ['统一社会信用代码', '91330106MA2H4R7K3X'],
      ['名称', COMPANY],
      ['类型', '有限责任公司（自然人投资或控股）'],
      ['住所', '浙江省杭州市西湖区文三路478号'],
      ['经营范围', '药品批发；医疗器械经营；食品销售'],
      ['营业期限', '2019年06月18日至长期'],
    ],
  },
  drug_licence: {
    number: '浙AA5710001',
    validFrom: '2024-03-01',
    validUntil: '2029-02-28',
    fields: [
      ['许可证编号', '浙AA5710001'],
      ['企业名称', COMPANY],
      ['经营方式', '批发'],
      ['经营范围', '中药饮片、中成药、化学药、生物制品（除疫苗）'],
      ['质量负责人', '周慧'],
      ['有效期至', '2029年02月28日'],
    ],
  },
  gsp: {
    number: 'ZJ-GSP-2024-0342',
    validFrom: '2024-03-01',
    validUntil: '2029-02-28',
    fields: [
      ['编号', 'ZJ-GSP-2024-0342'],
      ['企业名称', COMPANY],
      ['检查结论', '符合《药品经营质量管理规范》要求'],
      ['检查范围', '药品批发'],
      ['发证机关', '浙江省药品监督管理局'],
    ],
  },
  bank_account: {
    number: 'J3310012345601',
    validFrom: '2019-07-02',
    validUntil: null,
    fields: [
      ['核准号', 'J3310012345601'],
      ['存款人名称', COMPANY],
      ['开户银行', '中国工商银行杭州高新支行'],
      ['账号', '1202 0215 0990 0123 456'],
    ],
  },
  quality_agreement: {
    number: 'ZLXY-2026-001',
    validFrom: chinaDay(-340),
    validUntil: chinaDay(25),
    remark: '新一年度协议已送签',
    fields: [
      ['协议编号', 'ZLXY-2026-001'],
      ['供货单位', COMPANY],
      ['内容', '双方就药品质量责任、验收、储运、退货与召回的约定'],
      ['有效期', '一年'],
    ],
  },
  power_of_attorney: {
    number: 'WTS-2026',
    validFrom: null,
    validUntil: null,
    fields: [
      ['委托单位', COMPANY],
      ['被委托人', '（销售人员姓名）'],
      ['委托权限', '代表本公司销售药品及签订相关合同'],
      ['委托期限', '自签发之日起一年'],
    ],
  },
  outbound_seal: { number: '', validFrom: null, validUntil: null, fields: [] },
  quality_seal: { number: '', validFrom: null, validUntil: null, fields: [] },
  delivery_note_sample: {
    number: '',
    validFrom: null,
    validUntil: null,
    fields: [
      ['供货单位', COMPANY],
      ['内容', '品名、剂型、规格、生产厂家、批号、数量、收货单位、地址、发货日期'],
      ['印章', '加盖出库专用章'],
    ],
  },
};

/** Seeds the site's documents and the first goods' documents when the site has none; `store` is where uploads lie. */
export async function seedDocuments(db: Db, store: UploadStore, goodsCount = 6) {
  const [{ n }] = await db.select({ n: count() }).from(siteDocuments);
  if (n > 0) return;
  for (const [kind, sample] of Object.entries(SITE_SAMPLES) as [SiteDocumentKind, SiteSample][]) {
    const info = SITE_DOCUMENT_KINDS[kind];
    const seal = kind === 'outbound_seal' || kind === 'quality_seal';
    const buffer = seal ? sealPng() : await certificate(info.short, sample.fields);
    const file = await saveDocumentFile(db, store, buffer, `${info.short}（样本）.${seal ? 'png' : 'pdf'}`);
    if (!file) continue;
    await db.insert(siteDocuments).values({
      kind,
      number: sample.number,
      validFrom: sample.validFrom,
      validUntil: sample.validUntil,
      remark: sample.remark ?? '',
      files: [file],
      updatedBy: '系统',
    });
  }
  const first = await db.select().from(goods).where(eq(goods.isOnSale, true)).orderBy(asc(goods.id)).limit(goodsCount);
  for (const g of first) {
    const kinds: [GoodsDocumentKind, [string, string][], string, string | null][] = [
      [
        'registration',
        [
          ['药品名称', g.name],
          ['规格', g.ypgg],
          ['生产企业', g.sccj],
          ['批准文号', g.pzwh || '—'],
        ],
        g.pzwh,
        chinaDay(1200),
      ],
      [
        'insert',
        [
          ['药品名称', g.name],
          ['规格', g.ypgg],
          ['生产企业', g.sccj],
          ['说明', '请仔细阅读说明书并在医师指导下使用'],
        ],
        '',
        null,
      ],
      [
        'quality_standard',
        [
          ['药品名称', g.name],
          ['标准', '《中华人民共和国药典》2025年版'],
          ['生产企业', g.sccj],
        ],
        '',
        null,
      ],
    ];
    for (const [kind, fields, number, validUntil] of kinds) {
      const info = GOODS_DOCUMENT_KINDS[kind];
      const file = await saveDocumentFile(db, store, await certificate(info.name, fields), `${g.name}-${info.short.replace('/', '或')}（样本）.pdf`);
      if (file) await db.insert(goodsDocuments).values({ goodsId: g.id, kind, number, validUntil, files: [file], updatedBy: '系统' });
    }
  }
}
